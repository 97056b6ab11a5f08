import { describe, expect, it } from 'vitest';
import { safeUrl, sanitizeHtmlField, sanitizeTitle } from './html-sanitizer';
import { drawArtwork } from './media/artwork/artwork';

describe('content HTML sanitiser (DEF-19)', () => {
  it.each([
    ['<p>ok<script>alert(1)</script></p>', '<p>ok</p>'],
    ['<style>p{}</style><p style="color:red">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)" onclick="x()">a</a>', '<a>a</a>'],
    ['<a href="JaVaScRiPt:alert(1)">a</a>', '<a>a</a>'],
    ['<img src="data:image/png;base64,AA" onerror="x()">', '<img />'],
    ['<img src="//evil.example/x.png">', '<img />'],
    ['<img src="/cms/media/x.svg" alt="x">', '<img src="/cms/media/x.svg" alt="x" />'],
    ['<a href="https://example.org" target="_blank">e</a>', '<a href="https://example.org" target="_blank" rel="noopener noreferrer">e</a>'],
    ['<iframe src="https://x"></iframe><svg onload="x()"></svg>ok', 'ok'],
  ])('%s → %s', (input, output) => {
    expect(sanitizeHtmlField(input)).toBe(output);
  });

  it('keeps titles as text', () => {
    expect(sanitizeTitle('Finn <b>Fortune</b><script>x</script>')).toBe('Finn Fortune');
    expect(sanitizeTitle(sanitizeTitle('A & B'))).toBe('A &amp; B');
  });

  it.each([
    ['javascript:alert(1)', 'link', ''],
    ['java\tscript:alert(1)', 'link', ''],
    ['mailto:support@emerald.example', 'link', 'mailto:support@emerald.example'],
    ['mailto:x@example.org', 'image', ''],
    ['/cms/media/a.svg', 'image', '/cms/media/a.svg'],
    ['https://cdn.example/a.png', 'image', 'https://cdn.example/a.png'],
    ['//cdn.example/a.png', 'image', ''],
  ] as const)('safeUrl(%s, %s)', (value, kind, expected) => {
    expect(safeUrl(value, kind)).toBe(expected);
  });
});

describe('generated artwork', () => {
  it('is deterministic per title and different between titles', () => {
    const a = drawArtwork({ title: 'Celtic Crown', width: 400, height: 300 });
    expect(drawArtwork({ title: 'Celtic Crown', width: 400, height: 300 })).toBe(a);
    expect(drawArtwork({ title: 'Banshee Moon', width: 400, height: 300 })).not.toBe(a);
    expect(a).toContain('CELTIC CROWN');
  });

  it('escapes the title', () => {
    const svg = drawArtwork({ title: '<script>alert("x")</script> & Co', width: 400, height: 300 });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;SCRIPT&gt;');
  });
});
