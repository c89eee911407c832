/**
 * The report page's one stylesheet; the page's CSP admits it by its hash, so it must stay a constant. A finding is
 * `display:block`, not a list item: Chromium renumbers a list's items after each one hidden, so filtering 10,000
 * findings in one file's list took 20 s as list items and 0.2 s as blocks. `content-visibility:auto` lets the browser
 * skip laying out the findings off screen (still found by find-in-page): loading that page went from 2 s to 0.5 s.
 */
export const PAGE_STYLE = `
:root{color-scheme:light;--err:#c62828;--warn:#b26a00;--info:#1565c0;--line:#d9dde3;--muted:#5f6670}
*{box-sizing:border-box}[hidden]{display:none!important}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1a1a;background:#fff}
header,main{padding:0 24px}header{border-bottom:1px solid var(--line);padding-top:12px;padding-bottom:8px}
h1{font-size:20px;margin:4px 0}h2{font-size:16px;margin:20px 0 8px}h3{font-size:14px;margin:0}
.muted{color:var(--muted)}code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
table{border-collapse:collapse;margin:4px 0 12px}th,td{border:1px solid var(--line);padding:3px 10px;text-align:left;vertical-align:top}
th{background:#f3f5f8}td.n{text-align:right;font-variant-numeric:tabular-nums}
.cards{display:flex;gap:10px;flex-wrap:wrap;margin:10px 0}.card{border:1px solid var(--line);border-radius:6px;padding:6px 14px;min-width:96px}
.card b{display:block;font-size:22px}.card.error b{color:var(--err)}.card.warning b{color:var(--warn)}.card.info b{color:var(--info)}
#filters{position:sticky;top:0;background:#fff;border-bottom:1px solid var(--line);padding:8px 0;display:flex;gap:8px;flex-wrap:wrap;align-items:center;z-index:1}
#filters select,#filters input{font:inherit;padding:3px 6px;max-width:260px}#filters button{font:inherit;padding:3px 10px}
button[aria-pressed=true]{background:#1a1a1a;color:#fff}
.group{border:1px solid var(--line);border-radius:6px;margin:10px 0;content-visibility:auto;contain-intrinsic-size:auto 240px}
.group>summary{padding:6px 10px;background:#f3f5f8;cursor:pointer;font-weight:600;overflow-wrap:anywhere}
.group>.body{padding:4px 12px}.counts{font-weight:400;color:var(--muted);margin-left:8px}
ol.findings{list-style:none;margin:0;padding:0}li.finding{display:block;border-top:1px solid #eef0f3;padding:6px 0;content-visibility:auto;contain-intrinsic-size:auto 90px}
.head{margin:0;overflow-wrap:anywhere}.head b{display:inline-block;min-width:58px;margin-right:8px}
[data-sev=error] .head b{color:var(--err)}[data-sev=warning] .head b{color:var(--warn)}[data-sev=info] .head b{color:var(--info)}
.head code{color:var(--muted);margin-right:6px}.head small{color:var(--muted);margin-left:8px;font-size:inherit}.fname{color:var(--muted);margin-right:6px}
#report[data-group=file] .fname.named{display:none}.ptr{margin:0;color:var(--muted);font-size:12px;overflow-wrap:anywhere}
pre.src{margin:4px 0 0;padding:4px 0;background:#f8f9fb;border:1px solid #eef0f3;border-radius:4px;overflow-x:auto;white-space:pre}
pre.src i{font-style:normal;display:inline-block;width:5ch;text-align:right;margin-right:10px;color:#9aa0a8;user-select:none}
pre.src i.hit{background:#fff3c4}pre.src mark{background:#ffd54f;color:inherit;text-decoration:underline wavy var(--err)}
.cut{color:#9aa0a8}.view{margin:6px 0 10px}.pill{display:inline-block;border-radius:10px;padding:0 10px;color:#fff;font-weight:600}
.pill.ok{background:#2e7d32}.pill.bad{background:var(--err)}.pill.none{background:#78808a}
pre.extras,pre.json{background:#f8f9fb;padding:6px 8px;border-radius:4px;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
.explain{white-space:pre-wrap;margin:4px 0}svg.retry-timeline{max-width:100%;height:auto;display:block;margin:6px 0}
`;
