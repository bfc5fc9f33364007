// Where stored files go on the request, by what the middleware was made with: `single` sets
// `req.file`; `array` and `any` fill the array `req.files`; `fields` fills `req.files` by field
// name (an object without prototype); `none` takes no file. A file gets its place in arrival
// order when its part begins (a placeholder `{ fieldname }`), and the placeholder becomes the
// file once stored, so that files stored out of order keep the order they were sent in.
import type { File } from './types.js';

/** How files are put on the request. */
export type Strategy = 'NONE' | 'VALUE' | 'ARRAY' | 'OBJECT';

/** A file's place on the request until it is stored. */
export interface Placeholder {
  fieldname?: string;
}

/** The request's file properties, as the appender writes them. */
interface FilesRequest {
  file?: unknown;
  files?: unknown;
}

type FilesByField = { [fieldname: string]: Placeholder[] };

export class FileAppender {
  constructor(
    private readonly strategy: Strategy,
    private readonly req: FilesRequest,
  ) {
    if (strategy === 'ARRAY') req.files = [];
    else if (strategy === 'OBJECT') req.files = Object.create(null);
  }

  private get list(): Placeholder[] {
    return this.req.files as Placeholder[];
  }

  private get byField(): FilesByField {
    return this.req.files as FilesByField;
  }

  /** Holds the place of `file` (in arrival order). */
  insert(fieldname: string): Placeholder {
    const placeholder: Placeholder = { fieldname };
    if (this.strategy === 'ARRAY') this.list.push(placeholder);
    else if (this.strategy === 'OBJECT') (this.byField[fieldname] ??= []).push(placeholder);
    return placeholder;
  }

  /** Gives up the place (the file was skipped or failed). */
  remove(placeholder: Placeholder, fieldname: string): void {
    if (this.strategy === 'ARRAY') {
      removeItem(this.list, placeholder);
    } else if (this.strategy === 'OBJECT') {
      const files = this.byField[fieldname];
      if (files === undefined) return;
      removeItem(files, placeholder);
      if (files.length === 0) delete this.byField[fieldname];
    }
  }

  /** The stored file takes its place. */
  replace(placeholder: Placeholder, file: File): void {
    if (this.strategy === 'VALUE') {
      this.req.file = file;
      return;
    }
    delete placeholder.fieldname;
    Object.assign(placeholder, file);
  }
}

function removeItem<T>(list: T[], item: T): void {
  const i = list.indexOf(item);
  if (i !== -1) list.splice(i, 1);
}
