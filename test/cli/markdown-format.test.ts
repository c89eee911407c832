import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {runCli, STACK_TRACE} from '../helpers/cli.js';
import {acmeDocument, json, startHost, type TestHost} from '../probe/helpers/host.js';
import {checkMarkdown} from '../report/markdown-check.js';

// `--format markdown` on every checking command, over the project's own examples: what a job summary would show,
// parsed as CommonMark, and the exit code every other format gives for the same run.

const LIMIT = 1024 * 1024;

async function markdownRun(args: string[]): Promise<{code: number | null; md: string; checked: ReturnType<typeof checkMarkdown>}> {
  const [md, asJson] = await Promise.all([runCli([...args, '--format', 'markdown']), runCli([...args, '--format', 'json'])]);
  expect(md.stderr).not.toMatch(STACK_TRACE);
  expect(md.code, `exit code of ${args.join(' ')}`).toBe(asJson.code);
  expect(Buffer.byteLength(md.stdout)).toBeLessThan(LIMIT);
  return {code: md.code, md: md.stdout, checked: checkMarkdown(md.stdout)};
}

const SCHEMA = ['--schema', 'examples/recordings/ticket.schema.json'];

describe('--format markdown', () => {
  let host: TestHost;
  beforeAll(async () => {
    host = await startHost({'/acme/.well-known/openwop': json(acmeDocument())});
  });
  afterAll(() => host.close());

  it('lint schema: counts, rules linked to their docs, findings', async () => {
    const {code, md, checked} = await markdownRun(['lint', 'schema', 'examples/schemas/violations']);
    expect(code).toBe(1);
    expect(md).toMatch(/^## ✖ openwop lint schema$/m);
    expect(checked.tables[0][2]).toMatch(/^\| 1 \| 17 \| 0 \| 0 \|/);
    expect(checked.links).toContain('https://github.com/openwop/openwop-cli/blob/main/docs/rules/tier1/forbidden-keyword.md');
    expect(md).toContain('| error | `examples/schemas/violations/vendor.acme.ticket.triage.schema.json:23:7` | [tier1/forbidden-keyword](');
    expect(checked.tables[2]).toHaveLength(2 + 17);
  });

  it('lint schema on a clean file: exit 0 and no findings table', async () => {
    const {code, md, checked} = await markdownRun(['lint', 'schema', 'examples/schemas/clean']);
    expect(code).toBe(0);
    expect(md).toContain('No problems found.');
    expect(checked.tables).toHaveLength(1);
  });

  it('validate envelope: a stream with its findings', async () => {
    const {code, checked} = await markdownRun(['validate', 'envelope', 'examples/envelopes/stream.ndjson']);
    expect(code).toBe(1);
    expect(checked.tables[0][0]).toContain('| envelopes | valid | invalid |');
  });

  it('validate pack: each pack with its gate verdict', async () => {
    const {code, md} = await markdownRun(['validate', 'pack', 'examples/packs/webhook', 'examples/packs/webhook-defective', '--grant', 'net.dns']);
    expect(code).toBe(1);
    expect(md).toContain('The simulated host grants net\\.dns.');
    expect(md).toContain('| `vendor.acme.webhook@1.0.0` | node | net\\.dns, net\\.outbound, crypto | **refused** (unmet: net\\.outbound, crypto) |');
    expect(md).toContain(
      '| `vendor.acme.webhook-defective@1.0.0` | node | net\\.dns, net\\.outbound, node\\:crypto | **not reached**: refused first (invalid\\_manifest) (unmet: net\\.outbound, env\\.read) |',
    );
  });

  it('validate pack without --grant says no gate was simulated', async () => {
    const {md} = await markdownRun(['validate', 'pack', 'examples/packs/webhook']);
    expect(md).toContain('No install gate simulated');
    expect(md).toContain('| `vendor.acme.webhook@1.0.0` | node | net\\.dns, net\\.outbound, crypto | not simulated |');
  });

  it('probe host: the families the document advertises and the derived profiles', async () => {
    const {code, md} = await markdownRun(['probe', 'host', host.url('/acme/.well-known/openwop')]);
    expect(code).toBe(0);
    const families = Object.keys(acmeDocument()).filter((k) => typeof acmeDocument()[k] === 'object' && !Array.isArray(acmeDocument()[k]));
    expect(families.length).toBeGreaterThan(3);
    expect(md).toContain(`- Families (${families.length}): ${families.map((f) => `\`${f}\``).join(', ')}`);
    expect(md).toContain('- Derived profiles (2): `openwop-core`, `openwop-interrupts`');
    expect(md).toContain('- HTTP status: 200');
  });

  it('simulate retry: per emission the attempts table and a Mermaid trace holding every call', async () => {
    const {code, md, checked} = await markdownRun([
      'simulate',
      'retry',
      'examples/recordings/openai-responses-nonconformant-host.har',
      'examples/recordings/openai-chat-schema-violation',
      ...SCHEMA,
      '--max-tokens',
      '48',
    ]);
    expect(code).toBe(1);
    expect(checked.mermaid).toHaveLength(2);
    const [har, chat] = checked.mermaid;
    for (const call of [1, 2, 3]) expect(har).toContain(`H->>P: call ${call} (attempt ${call}, openai-responses) max tokens ${48 * 2 ** (call - 1)}`);
    expect(har).toContain('P-->>H: truncated (max_output_tokens), truncation');
    expect(har).toContain('Note over H: emits envelope.truncated, envelope.retry.exhausted, cap.breached, node.failed');
    expect(har).toMatch(/Note over H,P: failed, envelope_truncation_unrecoverable after 3 calls\n$/);
    expect(chat).toContain('H->>P: call 2 (attempt 2, openai-chat) max tokens 48 + corrective fragment');
    expect(chat).toMatch(/Note over H,P: accepted after 2 calls\n$/);
    expect(md).toContain('**✖ failed**: `envelope_truncation_unrecoverable` after 3 calls (stopped by cap)');
    expect(md).toContain('**✔ accepted** after 2 calls');
    // Summary, rules, findings, then one attempts table per emission.
    expect(checked.tables.map((t) => t.length - 2)).toEqual([1, 3, 5, 3, 2]);
  });

  it('validate bundle: its summary and finding', async () => {
    const {code, checked} = await markdownRun(['validate', 'bundle', 'examples/bundles/acme.bundle-v3.json']);
    expect(code).toBe(0);
    expect(checked.tables[0][0]).toContain('| bundles |');
  });

  it('is listed in --help with the other formats', async () => {
    const r = await runCli(['lint', 'schema', '--help']);
    // oclif wraps the options list at the terminal width.
    expect(r.stdout.replace(/\n\s+/g, '')).toMatch(/<options: stylish\|json\|sarif\|github\|junit\|gitlab\|markdown\|html>/);
  });
});
