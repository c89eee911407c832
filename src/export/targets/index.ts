import type {VendorTarget} from '../../lint/vendors/index.js';
import {ANTHROPIC_BUILDER} from './anthropic.js';
import type {TargetBuilder} from './builder.js';
import {GEMINI_LEGACY_BUILDER} from './gemini-legacy.js';
import {GEMINI_BUILDER} from './gemini.js';
import {OPENAI_BUILDER} from './openai.js';

export const BUILDERS: Readonly<Record<VendorTarget, TargetBuilder>> = {openai: OPENAI_BUILDER, anthropic: ANTHROPIC_BUILDER, gemini: GEMINI_BUILDER, 'gemini-legacy': GEMINI_LEGACY_BUILDER};
export type {FragmentInput, TargetBuilder} from './builder.js';
