// Type tests: module augmentation of 'briskjs' from an ES module (test/types/module-augment.cts
// has the CommonJS side; a project augments a module in one of the two forms, and each is compiled
// in a program of its own: bundler for this one, nodenext and node16 for the other).
import express, { type Request } from 'briskjs';

interface Tenant {
  slug: string;
}
declare module 'briskjs' {
  interface Request {
    tenantOf?: Tenant;
  }
}

const app = express();
app.get('/', (req, res) => {
  const slug: string | undefined = req.tenantOf?.slug;
  res.send(slug);
});
const typed = (req: Request): Tenant | undefined => req.tenantOf;
void typed;
