// Type fixture: validate() and openapi() from the built declarations, as a CommonJS TypeScript
// user sees them (`import brisk = require('briskjs')`).
import brisk = require('briskjs');
import schema = require('@brisk/schema');

const Id: brisk.StandardSchemaV1<{ id: string }, { id: number }> = {
  '~standard': {
    version: 1,
    vendor: 'fixture',
    validate: (value) => ({ value: { id: Number((value as { id: string }).id) } }),
  },
};
const app = brisk();
app.get('/users/:id', brisk.validate({ params: Id }), (req, res) => {
  const id: number = req.params.id;
  res.json({ id });
});
const options: brisk.OpenAPIOptions = { info: { title: 't', version: '1' } };
const doc: schema.OpenAPIDocument = brisk.openapi(app, options);
const validator: brisk.Validator<{ params: typeof Id }> = schema.validate({ params: Id });
void doc;
void validator;
