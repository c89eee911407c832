#!/usr/bin/env -S node --import tsx
// Runs the TypeScript sources directly (no build): oclif maps dist/commands to commands/ through tsconfig.
// CommonJS, as every file in bin/ is (bin/package.json; see bin/run.js).
const {join} = require('node:path');

require('@oclif/core').execute({development: true, dir: join(__dirname, '..')});
