// jsdom lacks TextEncoder, which react-router 7 needs; Node has it.
const { TextEncoder, TextDecoder } = require('node:util');
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
require('@testing-library/jest-dom');
