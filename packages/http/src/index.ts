/**
 * @brisk/http: the HTTP primitives every brisk package shares. Each bundled upstream module is
 * exported under one name and shaped like that module's export, so each is a drop-in on its own.
 */

// --- part 1: statuses, createError, onFinished, onHeaders ---

// --- part 2: etag, fresh, vary, contentDisposition, encodeUrl, escapeHtml, parseurl ---

export {};
