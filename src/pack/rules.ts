import {defineRule, type Rule, type RuleSource, type RuleSpec} from '../core/rule.js';
import {AJV_MESSAGES} from '../schemas/ajv-findings.js';
import {VERIFIED, OPENWOP_MAIN} from '../core/rule-sources.js';

const rule = (spec: RuleSpec): Rule => defineRule({commands: ['validate pack'], ...spec});

/** The upstream texts the pack rules rest on. */
const SOURCES = {
  rfc0076: {
    url: `${OPENWOP_MAIN}/RFCS/0076-pack-runtime-requirements-and-host-safe-fetch.md`,
    title: 'OpenWOP RFC 0076: pack runtime requirements (runtime.requires) and the install gate',
    verified: VERIFIED,
  },
  nodePacks: {url: `${OPENWOP_MAIN}/spec/v1/node-packs.md`, title: 'OpenWOP spec: node packs (pack.json, schemas/, tarball layout)', verified: VERIFIED},
  nodePackSchema: {url: `${OPENWOP_MAIN}/schemas/node-pack-manifest.schema.json`, title: 'OpenWOP node-pack manifest schema', verified: VERIFIED},
  agentSchema: {url: `${OPENWOP_MAIN}/schemas/agent-manifest.schema.json`, title: 'OpenWOP agent manifest schema (systemPromptRef, toolAllowlist)', verified: VERIFIED},
  rfc0021: {url: `${OPENWOP_MAIN}/RFCS/0021-ai-envelope-primitive.md`, title: 'OpenWOP RFC 0021: AI envelope, universal kinds and kind naming', verified: VERIFIED},
  jsonSchemaId: {url: 'https://json-schema.org/draft/2020-12/json-schema-core#name-the-id-keyword', title: 'JSON Schema 2020-12 core: $id', verified: VERIFIED},
} satisfies Record<string, RuleSource>;

/**
 * The two rules a registry or host answers with an upstream error code carry it as `code` (their earlier ids, still
 * accepted as aliases): `invalid_manifest`, `pack_runtime_requirement_unmet`. The rest are this tool's own cross-checks.
 */
export const PACK_RULES = {
  invalidManifest: rule({
    id: 'pack/invalid-manifest',
    code: 'invalid_manifest',
    severity: 'error',
    description: 'The manifest does not match the bundled schema for its kind.',
    messages: AJV_MESSAGES,
    explanation:
      "Each manifest is validated against the schema for its `kind` (absent = node pack) and protocol major. The major is read from engines.openwop: the lowest major its semver range admits (>=2.0 <3.0.0 is v2; >=1.0.0, >=1.1 <2.0.0 and >=1.0.0 <3.0.0 are v1, since a 1.x host still installs those), because neither major's manifest carries a $schema or version marker and the v2 schema makes the range's explicit upper bound mandatory (RFC 0177 §A.1). A v2 node pack must write kind, close engines, and sign with {keyId, scheme}. The JSON result gives the major as protocolMajor. This includes runtime.requires (RFC 0076): only net.dns, net.outbound, crypto, subprocess, fs.read, fs.write, env.read and clock, each at most once. A language builtin such as node:dns/promises is refused, with the primitive it maps to suggested. An absent runtime.requires and [] mean the same: nothing required.",
    examples: {
      invalid: ['{"runtime": {"language": "javascript", "entry": "index.mjs", "requires": ["node:dns/promises"]}}'],
      valid: ['{"runtime": {"language": "javascript", "entry": "index.mjs", "requires": ["net.dns"]}}'],
    },
    sources: [SOURCES.nodePackSchema, SOURCES.rfc0076],
  }),
  requirementUnmet: rule({
    id: 'pack/runtime-requirement-unmet',
    code: 'pack_runtime_requirement_unmet',
    severity: 'error',
    description: 'The simulated sandbox host (--grant) does not grant a primitive the pack requires or its code uses, so it refuses to install it.',
    explanation:
      'Only with --grant, --grant-all or --grant-none. What the pack needs is its runtime.requires plus every primitive by which the requirement scan finds its code reaching outside its process (net.dns, net.outbound, env.read, fs.read, fs.write, subprocess; see pack/undeclared-requirement): a pack whose code calls fetch() is refused by a host granting nothing even when its manifest declares nothing. crypto and clock found in code are reported as undeclared but do not make the host refuse (the host already provides standard hashing, which the scan cannot tell from the primitives beyond it; clock is gated for replay, not access); declared, they count like any other. The result field `gate.refusal` holds the payload a host answers with: {error: "pack_runtime_requirement_unmet", unmet, manifest: "name@version", advice}; `unmet` lists the declared primitives first, then the scanned ones, and `gate.undeclared` the reaching primitives the scan found that runtime.requires does not cover. A granted primitive also covers finer sub-tokens of it (granting net.outbound covers a future net.outbound.http); a finer grant never covers its parent. A pack whose code could not be scanned (pack/entry-not-scanned, pack/entry-unparsed, an import that leaves the pack or names a missing file, an entry that is missing or a link out) is not installed by the simulated host (gate.blockedBy "code-not-scanned", one finding naming the files): what it reaches is unknown, so no grant can be said to cover it.',
    examples: {
      invalid: ['openwop validate pack pack.json --grant net.dns   # pack requires ["net.dns", "net.outbound"], or its index.mjs calls fetch()'],
      valid: ['openwop validate pack pack.json --grant net.dns,net.outbound'],
    },
    sources: [SOURCES.rfc0076],
  }),
  unknownKind: rule({
    id: 'pack/unknown-kind',
    severity: 'error',
    description: 'The manifest `kind` is not a known pack kind.',
    explanation: 'Known kinds: node (or absent), workflow-chain, form-content, artifact-type, card, prompt, connection. Any other value leaves the manifest unvalidated, so it is an error.',
    examples: {invalid: ['{"kind": "workflow", "name": "vendor.acme.flows", …}'], valid: ['{"kind": "workflow-chain", "name": "vendor.acme.flows", …}']},
    sources: [SOURCES.nodePacks, SOURCES.nodePackSchema],
  }),
  kindUnchecked: rule({
    id: 'pack/kind-unchecked',
    severity: 'warning',
    description: 'The manifest kind is known but no schema for it is bundled, so only the cross-checks ran.',
    explanation:
      'Today this is kind connection (the registry vendors no v1 schema for it either), and every kind but node when engines.openwop targets openwop 2.x or later. The manifest shape is not validated; file references, ids, envelopeType values and the registry gates still are.',
    examples: {invalid: ['{"kind": "connection", …}'], valid: ['{"kind": "prompt", …}']},
    sources: [SOURCES.nodePacks],
  }),
  missingManifest: rule({
    id: 'pack/missing-manifest',
    severity: 'error',
    description: 'A folder given as a pack has no pack.json (and no pack manifests below it).',
    explanation: 'A pack folder holds its manifest as pack.json at its root. A folder without one, and without any pack.json or *.pack.json beneath it, is reported instead of silently passing.',
    examples: {invalid: ['my-pack/manifest.json'], valid: ['my-pack/pack.json']},
    sources: [SOURCES.nodePacks],
  }),
  missingFile: rule({
    id: 'pack/missing-file',
    severity: 'error',
    description: 'A file the manifest points at (a node schema, the runtime entry) does not exist.',
    explanation:
      "Paths in *SchemaRef / schemaRef fields and runtime.entry resolve against the manifest's folder. Inside a pack folder (a manifest named pack.json) a missing file is an error; for a lone manifest file (any other name, e.g. a copied foo.pack.json) it is a warning, and when none of its files are there one warning says so. runtime.entry is not checked for language remote or a URL.",
    examples: {
      invalid: ['{"nodes": [{"typeId": "vendor.acme.x.fetch", "inputSchemaRef": "schemas/fetch.input.json", …}]}   # file absent'],
      valid: ['the same, with schemas/fetch.input.json present in the pack'],
    },
    sources: [SOURCES.nodePacks, SOURCES.nodePackSchema],
  }),
  refOutsidePack: rule({
    id: 'pack/ref-outside-pack',
    severity: 'error',
    description: 'A file reference is absolute or leaves the pack folder (through ".." or a symbolic link).',
    explanation:
      'A published pack is a self-contained tarball: references must be relative paths that stay inside it, and a file they name must not be a symbolic link (or lie under one) leading out of it: such a file is not read. Remote (http/https) references are not fetched and not reported.',
    examples: {invalid: ['"configSchemaRef": "../shared/config.json"'], valid: ['"configSchemaRef": "schemas/config.json"']},
    sources: [SOURCES.nodePacks],
  }),
  schemaInvalid: rule({
    id: 'pack/schema-invalid',
    severity: 'error',
    description: 'A referenced schema file is not valid JSON, or not a JSON Schema (an object or a boolean).',
    explanation: 'The host compiles every node schema at install; one that does not parse makes the pack uninstallable. The message gives the line and column inside the schema file.',
    examples: {invalid: ['schemas/fetch.input.json containing {"type": "object",}'], valid: ['schemas/fetch.input.json containing {"type": "object"}']},
    sources: [SOURCES.nodePacks, SOURCES.jsonSchemaId],
  }),
  schemaId: rule({
    id: 'pack/schema-id',
    severity: 'warning',
    description: "A schema in the pack's schemas/ folder has an $id other than <idBase>/<pack>/<version>/<file name>.",
    explanation:
      "Mirrors openwop-registry scripts/check-pack-schema-ids.mjs (run by its registry-check.sh and packs-check CI). Every *.json directly in the pack's schemas/ folder, referenced by the manifest or not, must have exactly the $id https://packs.openwop.dev/<pack name>/<pack version>/<file name>: the bare file name, with no schemas/ segment, and no trailing # forgiven. The registry serves the schema mirror at that URL, so another $id resolves $refs against the wrong base once published; a version bump must rewrite every $id. Schemas elsewhere in the pack (a subfolder of schemas/, contracts/) are neither mirrored nor checked by the gate, nor here. The pack segment is the manifest name (the gate uses the folder name, which the registry keeps equal to it). The base is configurable: config packs.idBase, or --id-base. A lone manifest (not pack.json) has only the schemas it references checked. Schemas without $id: pack/schema-id-missing.",
    examples: {
      invalid: ['"$id": "https://packs.openwop.dev/vendor.acme.http/1.0.0/schemas/fetch.input.json"   # for schemas/fetch.input.json'],
      valid: ['"$id": "https://packs.openwop.dev/vendor.acme.http/1.0.0/fetch.input.json"'],
    },
    sources: [SOURCES.nodePacks, SOURCES.jsonSchemaId],
  }),
  duplicateId: rule({
    id: 'pack/duplicate-id',
    severity: 'error',
    description: 'Two entries of the pack share an id (node typeId, agentId, chainId, chain node id, template, artifact type or card id).',
    explanation: 'Hosts key registrations by these ids; a duplicate silently shadows the first entry. Prompt templates are keyed by (templateId, version).',
    examples: {
      invalid: ['{"nodes": [{"typeId": "vendor.acme.x.get", …}, {"typeId": "vendor.acme.x.get", …}]}'],
      valid: ['{"nodes": [{"typeId": "vendor.acme.x.get", …}, {"typeId": "vendor.acme.x.put", …}]}'],
    },
    sources: [SOURCES.nodePacks, SOURCES.nodePackSchema],
  }),
  envelopeType: rule({
    id: 'pack/envelope-type',
    severity: 'warning',
    description: 'An envelopeType (chain node config, prompt template hint) is not a universal, media.*, ui.* or vendor-namespaced kind.',
    explanation:
      'Non-universal kinds must be vendor-namespaced (vendor.<host>.<kind>) so hosts can advertise them without clashes (RFC 0021). Accepted: clarification.request, schema.request, schema.response, error, media.*, ui.*, and vendor.<host>.<kind> (lint grammar ^vendor\\.[a-z][a-z0-9-]*(\\.[a-z][a-zA-Z0-9_-]*)+$). The legacy prd.create, theme.create and tasks.create are tolerated with a deprecation note. Values containing a {{placeholder}} are skipped.',
    examples: {invalid: ['"config": {"envelopeType": "summary.v1"}'], valid: ['"config": {"envelopeType": "vendor.acme.summary"}']},
    sources: [SOURCES.rfc0021],
  }),
  undeclaredRequirement: rule({
    id: 'pack/undeclared-requirement',
    severity: 'warning',
    description: "The pack's code (its runtime entry or a file the entry imports) uses a platform primitive that runtime.requires does not declare.",
    explanation:
      'A static scan of the code of javascript packs (the entry, parsed with meriyah, and the .js, .mjs, .cjs, .jsx, .ts, .mts, .cts and .tsx files it imports by relative path inside the pack, up to 4 imports deep and 64 files; a symbolic link out of the pack is not followed, whether named or reached as ./x → x.js or x/index.js) and python packs (a .py entry). The message gives file:line:column of the first use of each primitive. JavaScript: imports of every form with a literal specifier (import, export … from, require(), import(), process.getBuiltinModule()), with or without node: and with subpaths: dns → net.dns; net, tls, http, https, http2, dgram, undici, ws, node-fetch, axios → net.outbound; crypto → crypto; child_process, worker_threads, cluster → subprocess; fs → fs.read, plus fs.write when a write function (writeFile, mkdir, rm, …) of it is called. Globals, unless a local binding of that name is in scope: fetch, WebSocket, EventSource, XMLHttpRequest (also as globalThis.fetch) → net.outbound; process.env (also process["env"], const {env} = process, env imported from node:process) and Deno.env → env.read; the global crypto (crypto.subtle, crypto.randomUUID) → crypto. Python: import/from-import of socket, ssl, urllib.request, urllib3, http.client, requests, httpx, aiohttp, websockets, ftplib, smtplib → net.outbound; subprocess, multiprocessing, os.system/popen/exec*/spawn*/fork → subprocess; os.environ, os.getenv → env.read; hashlib, hmac, secrets, cryptography → crypto; open() → fs.read; shutil → fs.write; the os functions also when imported by name (from os import system as run, or from os import *). A Python statement is read wherever one starts: a new line, after `;`, or after the `:` of a compound statement\'s header on the same line (if x: import socket). Comments and strings never count. Not seen: computed specifiers (require(name), Python\'s __import__(name) and importlib), a global reached through an alias (const g = globalThis; g.fetch; in Python, import os as o; o.system()), clock. A sandbox host grants only what is declared, so the pack would fail at run time instead of at install.',
    examples: {invalid: ['index.mjs: const r = await fetch(url);   pack.json: "runtime": {"language": "javascript", "entry": "index.mjs"}'], valid: ['the same, with "requires": ["net.outbound"]']},
    sources: [SOURCES.rfc0076],
  }),
  entryNotScanned: rule({
    id: 'pack/entry-not-scanned',
    severity: 'warning',
    description: "A file of the pack's code was not scanned for requirements: over 4 MB, unreadable, past the scan's import bounds, or nested too deeply to tell its globals from local names.",
    explanation:
      'The requirement scan (pack/undeclared-requirement) reads the runtime entry and the files it imports of up to 4 MB each, 4 imports deep and 64 files in all. A file that parses but nests so deeply (an expression of thousands of terms) that the scope analysis runs out of stack is reported here too: its imports count, the globals it reads (fetch, process.env) do not. Rather than pass a file it did not read as clean, it says so here, and under --grant the simulated host does not install the pack (blockedBy code-not-scanned): declare runtime.requires from what the code really uses, or point runtime.entry at the unbundled source.',
    examples: {invalid: ['pack.json: "runtime": {"language": "javascript", "entry": "dist/bundle.js"} with a 5 MB dist/bundle.js'], valid: ['an entry file, and files it imports, of up to 4 MB']},
    sources: [SOURCES.rfc0076],
  }),
  entryUnparsed: rule({
    id: 'pack/entry-unparsed',
    severity: 'warning',
    description: "A JavaScript file of the pack's code (the entry or a file it imports) does not parse, so its requirements were not scanned.",
    explanation:
      "The file is parsed with meriyah (current ECMAScript, without proposals such as decorators; .mjs and .mts as a module, .cjs and .cts as a script, anything else as a module and then as a script; .jsx and .tsx with JSX). A syntax error, or syntax JavaScript does not have (TypeScript's `import type`, JSX outside .jsx/.tsx), stops the scan of that file; the message gives file:line:column and the parser's reason. TypeScript (.ts, .mts, .cts, .tsx, which Node 22.18+ runs by stripping types) is scanned when it is written in plain JavaScript syntax; with type annotations it does not parse, and the message says it is TypeScript the scan cannot read. Under --grant the simulated host then does not install the pack (blockedBy code-not-scanned): what the file reaches is unknown.",
    examples: {invalid: ['index.mjs: import type {Agent} from "node:http";'], valid: ['index.mjs: the compiled JavaScript']},
    sources: [SOURCES.rfc0076],
  }),
  // Registry CI gates (issue 17): each rule below names the openwop-registry script whose verdict it mirrors.
  schemaIdMissing: rule({
    id: 'pack/schema-id-missing',
    severity: 'warning',
    description: "A schema in the pack's schemas/ folder has no $id.",
    explanation:
      "Mirrors openwop-registry scripts/check-pack-schema-ids.mjs, which counts a schema without a string $id as a finding: the registry's CONTRIBUTING makes $id normative, and its gate warns about them and fails only when the registry-wide count grows past a recorded ceiling (60 at the pinned snapshot). That ceiling is registry-wide state, so here each one is a warning, kept apart from pack/schema-id so that a registry run shows the known debt without mixing it with drift.",
    examples: {
      invalid: ['schemas/fetch.input.json: {"type": "object"}'],
      valid: ['schemas/fetch.input.json: {"$id": "https://packs.openwop.dev/vendor.acme.http/1.0.0/fetch.input.json", "type": "object"}'],
    },
    sources: [SOURCES.nodePacks, SOURCES.jsonSchemaId],
  }),
  promptRef: rule({
    id: 'pack/prompt-ref',
    severity: 'error',
    description: "An agent's systemPromptRef is missing from the pack or lies outside prompts/*.md|*.txt, so the published tarball would not carry it.",
    explanation:
      'Mirrors openwop-registry scripts/check-pack-prompt-refs.mjs (registry-check.sh step 5; RFC 0003 §C): the tarball builder bundles only prompts/<file>.md and prompts/<file>.txt, and a host refuses an agent whose prompt it cannot resolve. A path of any other shape is an error; a well-placed one that does not exist is an error in a pack folder and a warning for a lone manifest, as with pack/missing-file. Agents with an inline systemPrompt are not concerned.',
    examples: {invalid: ['"systemPromptRef": "docs/reviewer.md"'], valid: ['"systemPromptRef": "prompts/reviewer.md"   # with prompts/reviewer.md in the pack']},
    sources: [SOURCES.agentSchema, SOURCES.nodePacks],
  }),
  toolAllowlist: rule({
    id: 'pack/tool-allowlist',
    severity: 'error',
    description: 'An agent toolAllowlist entry has no scope prefix, or one other than openwop:, mcp: or <vendor>.<host>:.',
    explanation:
      'Mirrors the per-pack part of openwop-registry scripts/check-agent-tool-allowlist.mjs (registry-check.sh step 6): each entry is <scope>:<tool-id>, where the scope is openwop (a node typeId), mcp (a host-loaded MCP tool) or a dotted host-extension scope. The gate also resolves every openwop:<typeId> against the node typeIds of the whole registry; that needs every pack, so it is not done here.',
    examples: {invalid: ['"toolAllowlist": ["core.openwop.http.fetch", "tools:search"]'], valid: ['"toolAllowlist": ["openwop:core.openwop.http.fetch", "mcp:search", "vendor.acme:lookup"]']},
    sources: [SOURCES.agentSchema],
  }),
  peerDependencyEmpty: rule({
    id: 'pack/peer-dependency-empty',
    severity: 'error',
    description: 'A peerDependencies value is an empty string.',
    explanation:
      'Mirrors step 6 of openwop-registry registry/scripts/conformance-check.mjs: every peerDependencies value must be a non-empty string (a version range of the host surface). The manifest schema already refuses non-strings; the gate also refuses "". Its other per-pack checks are other rules here: duplicate typeIds and chain ids (pack/duplicate-id), nodes[] beside chains[] and the chain shape (pack/invalid-manifest), schema refs that leave the pack, are missing or do not parse (pack/ref-outside-pack, pack/missing-file, pack/schema-invalid).',
    examples: {invalid: ['"peerDependencies": {"host.aiProviders": ""}'], valid: ['"peerDependencies": {"host.aiProviders": ">=1.0.0"}']},
    sources: [SOURCES.nodePackSchema],
  }),
} as const satisfies Record<string, Rule>;

export type PackRuleKey = keyof typeof PACK_RULES;

export const PACK_RULE_LIST: readonly Rule[] = Object.values(PACK_RULES);
