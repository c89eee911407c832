import {Document, isMap, isSeq, parseDocument, stringify} from 'yaml';

export const HOOKS_REPO = 'https://github.com/openwop/openwop-cli';
/** The hook ids of this repository's .pre-commit-hooks.yaml (a test holds the two together). */
export const HOOK_IDS = ['openwop-lint-schema', 'openwop-validate-envelope', 'openwop-validate-pack'] as const;

/** The `repos:` entry for this repository's hooks, pinned to the tag of this version. */
function repoEntry(version: string) {
  return {repo: HOOKS_REPO, rev: `v${version}`, hooks: HOOK_IDS.map((id) => ({id}))};
}

/** A whole .pre-commit-config.yaml holding only our hooks. */
export function preCommitConfig(version: string): string {
  const doc = new Document({repos: [repoEntry(version)]});
  doc.commentBefore =
    ' pre-commit (https://pre-commit.com) hooks; `pre-commit install` once, then they run on every commit.\n rev: a tag or commit of openwop-cli. Each hook gets the staged files its `files` pattern matches.';
  return doc.toString();
}

/** The entry to add to an existing file's `repos:` list, as text. */
export function preCommitSnippet(version: string): string {
  return stringify([repoEntry(version)]);
}

export type Appended = {text: string} | {already: true} | {unreadable: string};

/**
 * `text` with our entry added to its `repos:` list, its comments and layout kept; `already` when some entry's repo is
 * ours; `unreadable` when it is not YAML with a `repos:` list (then nothing is changed).
 */
export function appendToPreCommitConfig(text: string, version: string): Appended {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return {unreadable: doc.errors[0].message.split('\n')[0]};
  if (!isMap(doc.contents)) return {unreadable: 'it is not a mapping with a repos: list'};
  const repos = doc.get('repos');
  if (!isSeq(repos)) return {unreadable: 'it has no repos: list'};
  const ours = (item: unknown) => {
    const repo = isMap(item) ? item.get('repo') : undefined;
    return typeof repo === 'string' && repo.replace(/(\.git)?\/?$/, '') === HOOKS_REPO;
  };
  if (repos.items.some(ours)) return {already: true};
  if (repos.items.length === 0) repos.flow = false; // `repos: []`, as pre-commit's sample config starts
  repos.items.push(doc.createNode(repoEntry(version)));
  return {text: doc.toString()};
}
