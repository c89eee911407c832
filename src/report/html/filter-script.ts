/**
 * The report page's one script: the filters (severity, rule, file, text) and the file/rule grouping. It reads only
 * the page's own DOM (indices and severities in `data-` attributes, texts through textContent) and writes only
 * `hidden`, counts as textContent and element moves: no markup is ever built from text. The page's CSP admits it by
 * its hash, so it must stay a constant.
 */
export const FILTER_SCRIPT = `(function () {
  'use strict';
  var report = document.getElementById('report');
  var items = Array.prototype.slice.call(document.querySelectorAll('li.finding'));
  var byId = function (id) { return document.getElementById(id); };
  var severity = byId('f-severity'), rule = byId('f-rule'), file = byId('f-file'), text = byId('f-text'), count = byId('f-count');
  var fileNames = Object.create(null);
  Array.prototype.forEach.call(file.options, function (o) { fileNames[o.value] = o.textContent; });
  var texts = items.map(function (li) { return (li.querySelector('.head').textContent + ' ' + fileNames[li.dataset.file]).toLowerCase(); });
  var named = false;
  // Grouped by rule, an item needs its file's name: added once, as text, and hidden again under its file's group.
  function nameFiles() {
    if (named) return;
    named = true;
    items.forEach(function (li) {
      if (li.querySelector('.fname')) return;
      var span = document.createElement('span');
      span.className = 'fname named';
      span.textContent = fileNames[li.dataset.file];
      li.querySelector('.head code').before(span);
    });
  }
  var lists = {file: {}, rule: {}};
  Array.prototype.forEach.call(document.querySelectorAll('ol.findings[data-list]'), function (ol) {
    var key = ol.getAttribute('data-list').split(':');
    lists[key[0]][key[1]] = ol;
  });
  var groups = Array.prototype.slice.call(document.querySelectorAll('.group'));
  function apply() {
    var s = severity.value, r = rule.value, f = file.value, t = text.value.trim().toLowerCase();
    var filtering = s !== '' || r !== '' || f !== '' || t !== '';
    var shown = 0, perGroup = new Map();
    for (var i = 0; i < items.length; i++) {
      var li = items[i], d = li.dataset;
      var ok = (s === '' || d.sev === s) && (r === '' || d.rule === r) && (f === '' || d.file === f) && (t === '' || texts[i].indexOf(t) !== -1);
      li.hidden = !ok;
      if (ok) {
        shown++;
        var g = li.parentNode.closest('.group');
        perGroup.set(g, (perGroup.get(g) || 0) + 1);
      }
    }
    groups.forEach(function (g) {
      var n = perGroup.get(g) || 0, label = g.querySelector('.shown');
      g.hidden = filtering && n === 0 || g.classList.contains('by-rule') && n === 0;
      if (label) label.textContent = filtering ? n + ' shown' : '';
    });
    count.textContent = shown + ' of ' + items.length + ' findings shown';
  }
  function group(by) {
    if (by === 'rule') nameFiles();
    report.setAttribute('data-group', by);
    items.forEach(function (li) { lists[by][by === 'file' ? li.dataset.file : li.dataset.rule].appendChild(li); });
    byId('g-file').setAttribute('aria-pressed', String(by === 'file'));
    byId('g-rule').setAttribute('aria-pressed', String(by === 'rule'));
    byId('by-file').hidden = by !== 'file';
    byId('by-rule').hidden = by !== 'rule';
    apply();
  }
  [severity, rule, file].forEach(function (el) { el.addEventListener('change', apply); });
  text.addEventListener('input', apply);
  byId('f-clear').addEventListener('click', function () { severity.value = ''; rule.value = ''; file.value = ''; text.value = ''; apply(); });
  byId('g-file').addEventListener('click', function () { group('file'); });
  byId('g-rule').addEventListener('click', function () { group('rule'); });
  apply();
})();
`;
