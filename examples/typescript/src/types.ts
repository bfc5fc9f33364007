// What this app adds to every request and to res.locals, declared once for the whole program:
// the global `Express` namespace is what brisk's types (and @types/express's, and every
// middleware's: passport's req.user, multer's req.file) merge into.
export interface User {
  id: string;
  name: string;
  admin: boolean;
}

declare global {
  namespace Express {
    // every req: set by the authenticate middleware (app.ts)
    interface Request {
      user?: User;
    }
    // res.locals (and app.locals): set by the requestTimer middleware
    interface Locals {
      requestStart: bigint;
    }
  }
}
