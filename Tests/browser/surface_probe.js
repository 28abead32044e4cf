// The whole-surface test's look at one loaded page (Tests/browser/test_surface.py runs it
// through WebDriver and gets one object back): the HTTP status, scripts, every shown text and
// attribute text (for the escaping checks), boxes or text sticking out on the right, text running
// out of its box or under a positioned box, boxes scrolling sideways, controls under the fixed tab
// bar when scrolled to the end, blank colour dots, and the navigation's tap targets.
var nav = performance.getEntriesByType('navigation')[0] || {};
var out = {status: nav.responseStatus || 0, contentType: document.contentType, width: innerWidth,
  scrollWidth: document.documentElement.scrollWidth, csp: (window.__surface || {}).csp || [],
  alerts: (window.__surface || {}).alerts || 0, scripts: [], texts: [], overflow: [], spill: [], overlap: [], blank: [], sideways: [], covered: [], taps: [],
  // Bytes over the wire for the page and what it loaded (compressed, with headers; the test
  // turns the browser cache and the service worker off, so each page counts everything).
  weight: (nav.transferSize || 0) + performance.getEntriesByType('resource').reduce(function (n, r) { return n + (r.transferSize || 0); }, 0)};
Array.prototype.forEach.call(document.scripts, function (s) { out.scripts.push(s.getAttribute('src') || 'inline: ' + Array.from(s.text).slice(0, 60).join('')); });
function describe(el) {
  var name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\s+/).join('.') : '');
  // Array.from cuts between characters, never inside an emoji's surrogate pair (unserialisable).
  return name + ' "' + Array.from((el.innerText || el.textContent || '').trim()).slice(0, 40).join('').replace(/\s+/g, ' ') + '"';
}
if (document.body && document.contentType === 'text/html') {
  out.texts.push(document.title, document.body.innerText);
  Array.prototype.forEach.call(document.querySelectorAll('*'), function (el) {
    ['value', 'aria-label', 'alt', 'title', 'placeholder'].forEach(function (a) { var v = el.getAttribute(a); if (v) out.texts.push(v); });
    if (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') out.texts.push(el.value);
    if (el.tagName === 'OPTION') out.texts.push(el.text);
  });
  // What sticks out on the right: boxes, and text (a long word overflows a box that fits), unless
  // a box around it scrolls or clips; the outermost box is reported.
  function clipped(el) {
    for (var a = el; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
    return false;
  }
  if (out.scrollWidth > innerWidth) {
    var found = [];
    Array.prototype.forEach.call(document.body.querySelectorAll('*'), function (el) {
      var r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= innerWidth + 0.5 || clipped(el.parentElement)) return;
      for (var a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        if (a.getBoundingClientRect().right > innerWidth + 0.5) return;
      }
      found.push([Math.round(r.right), describe(el)]);
    });
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), node;
    while ((node = walker.nextNode())) {
      var range = document.createRange();
      range.selectNodeContents(node);
      var right = range.getBoundingClientRect().right;
      if (right > innerWidth + 0.5 && !clipped(node.parentElement)) found.push([Math.round(right), 'text in ' + describe(node.parentElement)]);
    }
    found.sort(function (x, y) { return y[0] - x[0]; });
    out.overflow = found.slice(0, 4);
  }
  // Text that runs out of its box (over the amount beside it, out of its card): compared with
  // the nearest block around it, unless that block clips it on purpose (an ellipsis).
  var texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), text;
  while ((text = texts.nextNode()) && out.spill.length < 4) {
    if (!text.textContent.trim() || text.parentElement.closest('svg, script, style, option, select')) continue;
    var box = text.parentElement;
    while (box !== document.body && /^(inline|contents)$/.test(getComputedStyle(box).display)) box = box.parentElement;
    if (getComputedStyle(box).overflowX !== 'visible' || (box.checkVisibility && !box.checkVisibility({contentVisibilityAuto: true}))) continue;
    var span = document.createRange();
    span.selectNodeContents(text);
    var tr = span.getBoundingClientRect(), br = box.getBoundingClientRect();
    if (tr.width > 0 && (tr.right > br.right + 1 || tr.left < br.left - 1)) {
      out.spill.push(describe(box) + ' by ' + Math.round(Math.max(tr.right - br.right, br.left - tr.left)) + ' px');
    }
  }
  // A box taken out of the flow (an icon placed over its circle) must not sit on other text.
  var textRects = [];
  var all = document.createTreeWalker(document.querySelector('main') || document.body, NodeFilter.SHOW_TEXT), t;
  while ((t = all.nextNode())) {
    if (!t.textContent.trim() || t.parentElement.closest('svg')) continue;
    var tr2 = document.createRange();
    tr2.selectNodeContents(t);
    Array.prototype.forEach.call(tr2.getClientRects(), function (rect) { textRects.push([t.parentElement, rect]); });
  }
  Array.prototype.forEach.call(document.querySelectorAll('main *'), function (el) {
    var position = getComputedStyle(el).position;
    if (position !== 'absolute' && position !== 'fixed') return;
    var r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= 0 || r.left >= innerWidth) return;
    textRects.some(function (pair) {
      var owner = pair[0], q = pair[1];
      if (el.contains(owner)) return false;
      var dx = Math.min(r.right, q.right) - Math.max(r.left, q.left), dy = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
      if (dx > 2 && dy > 2) { out.overlap.push(describe(el) + ' over ' + describe(owner)); return true; }
      return false;
    });
  });
  // Boxes that scroll sideways on their own (a wide table in a scroller, a header that scrolls).
  Array.prototype.forEach.call(document.body.querySelectorAll('*'), function (el) {
    var style = getComputedStyle(el);
    if ((style.overflowX === 'auto' || style.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
      out.sideways.push(describe(el) + ' ' + el.scrollWidth + ' px in ' + el.clientWidth + ' px');
    }
  });
  // Scrolled to the end, nothing in the page may sit under the fixed tab bar (the + button).
  var tabs = document.querySelector('nav.tabs');
  if (tabs) {
    window.scrollTo(0, document.documentElement.scrollHeight);
    var controls = document.querySelectorAll('main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary');
    Array.prototype.forEach.call(controls, function (el) {
      var r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) return;
      // Closed <details> content keeps a box in Chromium; it is not on screen.
      if (el.checkVisibility && !el.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true})) return;
      // Nine points across the control: the + button may cover a corner of it, not its centre.
      var covered = [0.2, 0.5, 0.8].some(function (fx) {
        return [0.2, 0.5, 0.8].some(function (fy) {
          var x = Math.min(Math.max(r.left + r.width * fx, 0), innerWidth - 1), y = Math.min(Math.max(r.top + r.height * fy, 0), innerHeight - 1);
          var hit = document.elementFromPoint(x, y);
          return hit && hit.closest('nav.tabs');
        });
      });
      if (covered) out.covered.push(describe(el));
    });
    window.scrollTo(0, 0);
    // Colour dots and swatches are drawn, not blank (a refused inline style left them empty).
    Array.prototype.forEach.call(document.querySelectorAll('main .dot, main .swatch'), function (el) {
      var paint;
      if (el instanceof SVGElement) {
        var shape = /^(circle|rect|path|ellipse)$/.test(el.tagName) ? el : el.querySelector('circle, rect, path, ellipse');
        paint = shape ? shape.getAttribute('fill') || getComputedStyle(shape).fill : '';
      } else {
        paint = getComputedStyle(el).backgroundColor;
      }
      if (!paint || /^(none|transparent|rgba\(0, 0, 0, 0\))$/.test(paint)) out.blank.push(describe(el.parentElement));
    });
    // Tap targets: the navigation, the menu button, every button and the category tiles (inline
    // links in running text are exempt, as WCAG 2.5.8 has them).
    Array.prototype.forEach.call(document.querySelectorAll('nav.tabs a, header.top nav a, header.top nav button, header.top summary, main button, main .button, main label.tile, main details.more > summary'), function (el) {
      var r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) out.taps.push([describe(el), Math.round(r.width), Math.round(r.height)]);
    });
  }
}
return out;
