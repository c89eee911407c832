import {ANTHROPIC} from './anthropic.js';
import {GEMINI_LEGACY} from './gemini-legacy.js';
import {GEMINI} from './gemini.js';
import type {VendorModel, VendorTarget} from './model.js';
import {OPENAI} from './openai.js';

export const VENDOR_MODELS: Readonly<Record<VendorTarget, VendorModel>> = {openai: OPENAI, anthropic: ANTHROPIC, gemini: GEMINI, 'gemini-legacy': GEMINI_LEGACY};
export {ANTHROPIC, GEMINI, GEMINI_LEGACY, OPENAI};
export {keysWithEffect, treatmentOf, type Effect, type Rewrite, type Treatment, type VendorModel, type VendorTarget} from './model.js';
