// @brisk/http part 1 (statuses, createError, onFinished, onHeaders) against the upstream modules.
import { createRequire } from 'node:module';
import { EventEmitter } from 'node:events';
import { IncomingMessage, ServerResponse } from 'node:http';
import { compare } from './harness.mjs';

const require = createRequire(import.meta.url);
// Destructured once: the CommonJS build's exports are getters (esbuild), as for any user who
// writes `const { statuses } = require('@brisk/http')`.
const {
  statuses: bStatuses,
  createError: bCreateError,
  isHttpError: bIsHttpError,
  onFinished: bOnFinished,
  isFinished: bIsFinished,
  onHeaders: bOnHeaders,
} = require('@brisk/http');
const brisk = {
  statuses: bStatuses,
  createError: bCreateError,
  isHttpError: bIsHttpError,
  onFinished: bOnFinished,
  isFinished: bIsFinished,
  onHeaders: bOnHeaders,
};
const statuses = require('statuses');
const createError = require('http-errors');
const onFinished = require('on-finished');
const onHeaders = require('on-headers');

// http-errors warns (depd) once per call site for non-error codes; none are used here.
const wrapped = () => Object.assign(new Error('upstream failed'), { code: 'ECONNRESET' });
class FakeSocket extends EventEmitter {
  writable = true;
}
const fakeRes = () => Object.assign(new EventEmitter(), { finished: false, socket: new FakeSocket() });
const noop = () => {};
const req = new IncomingMessage(null);
function setHeaderListener() {
  this.setHeader('X-Response-Time', '1ms');
}

compare('@brisk/http vs statuses@2.0.2', [
  { name: 'statuses(404)', brisk: () => brisk.statuses(404), upstream: () => statuses(404) },
  { name: "statuses('not found')", brisk: () => brisk.statuses('not found'), upstream: () => statuses('not found') },
]);

compare('@brisk/http vs http-errors@2.0.1', [
  // the floor of every case below (a stack trace is captured): the same call on both sides
  { name: 'baseline: new Error(msg)', brisk: () => new Error('Not Found'), upstream: () => new Error('Not Found') },
  { name: 'createError(404)', brisk: () => brisk.createError(404), upstream: () => createError(404) },
  {
    name: "createError(400, 'msg', { type })",
    brisk: () => brisk.createError(400, 'bad id', { type: 'id.invalid' }),
    upstream: () => createError(400, 'bad id', { type: 'id.invalid' }),
  },
  { name: 'new NotFound()', brisk: () => new brisk.createError.NotFound(), upstream: () => new createError.NotFound() },
  {
    name: 'createError(502, err)',
    brisk: () => brisk.createError(502, wrapped()),
    upstream: () => createError(502, wrapped()),
  },
  {
    name: 'isHttpError(plain Error)',
    brisk: () => brisk.isHttpError(wrapped()),
    upstream: () => createError.isHttpError(wrapped()),
  },
]);

compare('@brisk/http vs on-finished@2.4.2 / on-headers@1.1.0', [
  {
    name: 'onFinished: attach 1 + finish',
    brisk: () => {
      const res = fakeRes();
      brisk.onFinished(res, noop);
      res.emit('finish');
    },
    upstream: () => {
      const res = fakeRes();
      onFinished(res, noop);
      res.emit('finish');
    },
  },
  {
    name: 'onFinished: attach 3 + finish',
    brisk: () => {
      const res = fakeRes();
      brisk.onFinished(res, noop);
      brisk.onFinished(res, noop);
      brisk.onFinished(res, noop);
      res.emit('finish');
    },
    upstream: () => {
      const res = fakeRes();
      onFinished(res, noop);
      onFinished(res, noop);
      onFinished(res, noop);
      res.emit('finish');
    },
  },
  {
    name: 'isFinished(req)',
    brisk: () => brisk.isFinished(req),
    upstream: () => onFinished.isFinished(req),
  },
  {
    name: 'onHeaders + writeHead(200, {1})',
    brisk: () => {
      const res = new ServerResponse(req);
      brisk.onHeaders(res, setHeaderListener);
      return res.writeHead(200, { 'Content-Type': 'text/plain' });
    },
    upstream: () => {
      const res = new ServerResponse(req);
      onHeaders(res, setHeaderListener);
      return res.writeHead(200, { 'Content-Type': 'text/plain' });
    },
  },
]);
