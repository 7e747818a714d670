// Registers scripts/peggyLoader.mjs: `node --import tsx --import ./scripts/registerPeggy.mjs …`.
import { register } from 'node:module';

register('./peggyLoader.mjs', import.meta.url);
