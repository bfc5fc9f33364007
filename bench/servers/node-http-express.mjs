// Bare node:http sending the headers an Express app sends by default (node-http-base.mjs): the
// price of Express's response contract without any framework.
import { serve } from './node-http-base.mjs';

serve({ expressHeaders: true });
