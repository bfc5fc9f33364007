// Bare node:http: the baseline of every ratio (node-http-base.mjs).
import { serve } from './node-http-base.mjs';

serve({ expressHeaders: false });
