import {describe, expect, it} from 'vitest';
import {check, envelope, ndjson, ofRule} from './helpers.js';

// The media.* payload schemas: the payload's mimeType SHOULD match meta.rendering.mimeType (a cross-field fact no
// schema can check). Media types compare by type/subtype, case-insensitively, parameters ignored.

const RULE = 'envelope/media-mime-mismatch';

function media(kind: string, payloadType: string | undefined, renderingType: string | undefined) {
  const payload = {bytes: 2048, url: 'https://host.example/a/1', ...(payloadType === undefined ? {} : {mimeType: payloadType})};
  const rendering = {display: 'file', ...(renderingType === undefined ? {} : {mimeType: renderingType})};
  return {type: kind, payload, meta: {source: 'ai-generation', ts: '2026-05-18T10:00:00Z', rendering}};
}

describe('envelope/media-mime-mismatch', () => {
  it('reports a media payload whose mimeType differs from the rendering hint, with its data, at the payload mimeType', async () => {
    const {findings} = await check(ndjson([envelope(1, media('media.image', 'image/png', 'image/jpeg'))]));
    expect(findings.map((f) => [f.ruleId, f.severity, f.messageId, f.data, f.pointer, f.line])).toEqual([
      [RULE, 'warning', 'mismatch', {kind: 'media.image', payload: 'image/png', rendering: 'image/jpeg'}, '/payload/mimeType', 1],
    ]);
    expect(findings[0].message).toContain('"image/png"');
  });

  it('applies to media.audio and media.file as well', async () => {
    const text = ndjson([envelope(1, media('media.audio', 'audio/mpeg', 'audio/ogg')), envelope(2, media('media.file', 'application/pdf', 'text/csv'))]);
    expect(ofRule((await check(text)).findings, RULE).map((f) => [f.line, f.data?.kind])).toEqual([
      [1, 'media.audio'],
      [2, 'media.file'],
    ]);
  });

  it('stays quiet when they name the same media type, in another case or with parameters, or when either is absent', async () => {
    const text = ndjson([
      envelope(1, media('media.image', 'image/png', 'image/png')),
      envelope(2, media('media.image', 'image/PNG', 'Image/png')),
      envelope(3, media('media.file', 'text/csv; charset=utf-8', 'text/csv')),
      envelope(4, media('media.image', 'image/png', undefined)),
      envelope(5, media('media.image', undefined, 'image/jpeg')),
    ]);
    expect((await check(text)).findings).toEqual([]);
  });

  it('does not look at kinds other than media.*', async () => {
    const other = {...media('media.image', 'image/png', 'image/jpeg'), type: 'error', payload: {code: 'validation_failed', message: 'no go'}};
    expect(ofRule((await check(ndjson([envelope(1, other)]))).findings, RULE)).toEqual([]);
  });
});
