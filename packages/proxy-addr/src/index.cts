// The CommonJS entry: `require('@brisk/proxy-addr')` is the function, with its types as a namespace.
import main = require('./proxyaddr.js');
import proxyaddr = main.proxyaddr;
export = proxyaddr;
