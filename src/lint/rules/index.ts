/* The rule list: one file per rule. Order here is the order of --list-rules and the README table. */
import type {LintRule} from '../types.js';
import tier1RootObject from './tier1-root-object.js';
import tier1ForbiddenKeyword from './tier1-forbidden-keyword.js';
import tier1MaxDepth from './tier1-max-depth.js';
import tier1AnyofDiscriminator from './tier1-anyof-discriminator.js';
import tier1AdditionalProperties from './tier1-additional-properties.js';
import tier1AllRequired from './tier1-all-required.js';
import tier1StringConstraint from './tier1-string-constraint.js';
import tier1NumberConstraint from './tier1-number-constraint.js';
import tier1ArrayConstraint from './tier1-array-constraint.js';
import tier1MaxProperties from './tier1-max-properties.js';
import tier1ExtForbiddenKeyword from './tier1-ext-forbidden-keyword.js';
import tier1ExtMaxDepth from './tier1-ext-max-depth.js';
import tier1ExtAnyofDiscriminator from './tier1-ext-anyof-discriminator.js';
import tier1ExtAdditionalProperties from './tier1-ext-additional-properties.js';
import tier1ExtAllRequired from './tier1-ext-all-required.js';
import tier1ExtStringConstraint from './tier1-ext-string-constraint.js';
import tier1ExtNumberConstraint from './tier1-ext-number-constraint.js';
import tier1ExtArrayConstraint from './tier1-ext-array-constraint.js';
import reasoningFirstProperty from './reasoning-first-property.js';
import reasoningType from './reasoning-type.js';
import reasoningForbiddenOnAck from './reasoning-forbidden-on-ack.js';
import reasoningStrictNullable from './reasoning-strict-nullable.js';
import reasoningMissing from './reasoning-missing.js';
import refUnresolved from './ref-unresolved.js';
import refRecursive from './ref-recursive.js';
import refRemoteNotFetched from './ref-remote-not-fetched.js';
import openaiRootObject from './openai-root-object.js';
import openaiAdditionalProperties from './openai-additional-properties.js';
import openaiAllRequired from './openai-all-required.js';
import openaiMaxProperties from './openai-max-properties.js';
import openaiMaxNesting from './openai-max-nesting.js';
import openaiStringBudget from './openai-string-budget.js';
import openaiEnumSize from './openai-enum-size.js';
import openaiUnsupportedKeyword from './openai-unsupported-keyword.js';
import openaiFormat from './openai-format.js';
import openaiRefSiblings from './openai-ref-siblings.js';
import openaiTypeRequired from './openai-type-required.js';
import anthropicRecursion from './anthropic-recursion.js';
import anthropicExternalRef from './anthropic-external-ref.js';
import anthropicAdditionalProperties from './anthropic-additional-properties.js';
import anthropicOptionalParams from './anthropic-optional-params.js';
import anthropicUnionParams from './anthropic-union-params.js';
import anthropicUnsupportedKeyword from './anthropic-unsupported-keyword.js';
import anthropicMinItems from './anthropic-min-items.js';
import anthropicRootObject from './anthropic-root-object.js';
import anthropicFormat from './anthropic-format.js';
import geminiIgnoredKeyword from './gemini-ignored-keyword.js';
import geminiDegradedKeyword from './gemini-degraded-keyword.js';
import geminiLegacyUnsupportedKeyword from './gemini-legacy-unsupported-keyword.js';
import geminiLegacyTypeList from './gemini-legacy-type-list.js';
import geminiLegacyFormat from './gemini-legacy-format.js';
import geminiPropertyOrdering from './gemini-property-ordering.js';

export const RULES: readonly LintRule[] = [
  tier1RootObject,
  tier1ForbiddenKeyword,
  tier1MaxDepth,
  tier1AnyofDiscriminator,
  tier1AdditionalProperties,
  tier1AllRequired,
  tier1StringConstraint,
  tier1NumberConstraint,
  tier1ArrayConstraint,
  tier1MaxProperties,
  tier1ExtForbiddenKeyword,
  tier1ExtMaxDepth,
  tier1ExtAnyofDiscriminator,
  tier1ExtAdditionalProperties,
  tier1ExtAllRequired,
  tier1ExtStringConstraint,
  tier1ExtNumberConstraint,
  tier1ExtArrayConstraint,
  reasoningFirstProperty,
  reasoningType,
  reasoningForbiddenOnAck,
  reasoningStrictNullable,
  reasoningMissing,
  refUnresolved,
  refRecursive,
  refRemoteNotFetched,
  openaiRootObject,
  openaiAdditionalProperties,
  openaiAllRequired,
  openaiMaxProperties,
  openaiMaxNesting,
  openaiStringBudget,
  openaiEnumSize,
  openaiUnsupportedKeyword,
  openaiFormat,
  openaiRefSiblings,
  openaiTypeRequired,
  anthropicRootObject,
  anthropicRecursion,
  anthropicExternalRef,
  anthropicAdditionalProperties,
  anthropicOptionalParams,
  anthropicUnionParams,
  anthropicUnsupportedKeyword,
  anthropicMinItems,
  anthropicFormat,
  geminiIgnoredKeyword,
  geminiDegradedKeyword,
  geminiLegacyUnsupportedKeyword,
  geminiLegacyTypeList,
  geminiLegacyFormat,
  geminiPropertyOrdering,
];

export const RULES_BY_ID: ReadonlyMap<string, LintRule> = new Map(RULES.map((r) => [r.meta.id, r]));
