// Tally's service worker: the app shell from the cache, the last pages viewed readable offline
// (marked with the time they were saved, for the "Offline — as of 14:05" line), and the queue of
// records sent when the network is back (Background Sync, where the browser has it).
// The server fills in VERSION and SHELL (content-hashed file names) when it starts.
"use strict";
var VERSION = "__VERSION__";
var SHELL = "__SHELL__";
var OFFLINE = "/static/offline.html";
var SHELL_CACHE = "tally-shell-" + VERSION;
var PAGES = "tally-pages";
var MAX_PAGES = 40;
// The pages a phone opens to write an expense down. On a slow network they come from the cache
// when the server has not answered within this time, and the fresh copy replaces it for next time.
var QUICK = /^\/books\/\d+\/(today|transactions\/new|queue|dashboard|calendar)$/;
var QUICK_WAIT_MS = 500;
importScripts("/static/queue.js");

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => {
    return Promise.all(names.filter((name) => {
      return name.indexOf("tally-shell-") === 0 && name !== SHELL_CACHE;
    }).map((name) => caches.delete(name)));
  }).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)).then((r) => {
      return r.ok ? r : current(url, r);
    }, () => current(url, Response.error())));
  } else if (request.mode === "navigate" && url.pathname.indexOf("/api/") !== 0) {
    event.respondWith(page(event, url));
  }
});

// A page saved before an update names the files of its version, gone from the server since:
// the same file of this version stands in (app.1a2b3c4d.css → app.<new>.css).
function current(url, otherwise) {
  var base = url.pathname.replace(/\.[0-9a-f]{8}\./, ".");
  var now = SHELL.filter((path) => { return path.replace(/\.[0-9a-f]{8}\./, ".") === base; })[0];
  if (!now || now === url.pathname) return otherwise;
  return caches.match(now).then((hit) => hit || otherwise, () => otherwise);
}

// A page from the network, saved for later; from the cache when the network fails (or, for the
// quick pages, is slow); else the offline page.
function page(event, url) {
  var network = fetch(event.request).then((response) => {
    var type = response.headers.get("Content-Type") || "";
    if (response.status === 200 && response.type === "basic" && type.indexOf("text/html") === 0) {
      event.waitUntil(save(url, response.clone()));
    }
    return response;
  });
  event.waitUntil(network.catch(() => {}));
  return new Promise((resolve) => {
    var done = false;
    function finish(response) { if (!done && response) { done = true; resolve(response); } }
    function fallback() {
      return cached(url).catch(() => {}).then((hit) => hit || caches.match(OFFLINE))
        .then((page) => page || Response.error());
    }
    if (QUICK.test(url.pathname) || entry(url.pathname)) {
      setTimeout(() => { cached(url).then(finish, () => {}); }, QUICK_WAIT_MS);
    }
    network.then((response) => {
      if (done && response.status === 200) notify(url);
      finish(response);
    }, () => { fallback().then(finish, () => { finish(Response.error()); }); });
  });
}

// The entry points that redirect to the last book (/today, /add) resolve offline to its page.
function entry(path) {
  return path === "/today" || path === "/add" || path === "/";
}

function cached(url) {
  return caches.open(PAGES).then((cache) => {
    if (!entry(url.pathname)) {
      return cache.match(url.href).then((hit) => { return hit || cache.match(url.href, { ignoreSearch: true }); });
    }
    return self.TallyQueue.getMeta("book").then((book) => {
      if (!book) return undefined;
      var target = url.pathname === "/add" ? "/transactions/new" : url.pathname === "/" ? "/dashboard" : "/today";
      return cache.match(self.location.origin + "/books/" + book + target, { ignoreSearch: true });
    });
  });
}

// Keeps the page with the time it was saved on its <html> element, and at most MAX_PAGES pages.
function save(url, response) {
  return response.text().then((html) => {
    var now = String(Date.now());
    var marked = html.replace(/<html\b/, "<html data-cached-at=\"" + now + "\"");
    var headers = { "Content-Type": "text/html; charset=utf-8", "X-Cached-At": now };
    return caches.open(PAGES).then((cache) => {
      return cache.put(url.href, new Response(marked, { headers: headers }))
        .then(() => cache.keys())
        .then((keys) => {
          return Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map((k) => cache.delete(k)));
        });
    });
  });
}

// A quick page was shown from the cache and the fresh one has now arrived: the page may offer it.
function notify(url) {
  self.clients.matchAll({ type: "window" }).then((clients) => {
    clients.forEach((client) => { client.postMessage({ type: "fresh", url: url.href }); });
  });
}

self.addEventListener("message", (event) => {
  var data = event.data || {};
  // A page asks for the pages a phone needs offline (its book's Today, add form and queue) when
  // they are not saved yet or are over an hour old.
  if (data.type === "warm" && Array.isArray(data.urls)) {
    event.waitUntil(caches.open(PAGES).then((cache) => {
      return Promise.all(data.urls.map((path) => {
        var url = new URL(path, self.location.origin);
        if (url.origin !== self.location.origin) return undefined;
        return cache.match(url.href).then((hit) => {
          if (hit && Date.now() - Number(hit.headers.get("X-Cached-At") || 0) < 3600000) return undefined;
          return fetch(url.href, { credentials: "same-origin" }).then((response) => {
            var type = response.headers.get("Content-Type") || "";
            if (response.status === 200 && !response.redirected && type.indexOf("text/html") === 0) return save(url, response);
            return undefined;
          }, () => {});
        });
      }));
    }));
  }
  if (data.type === "forget") event.waitUntil(caches.delete(PAGES));
});

// Background Sync: with a page on screen, that page sends the queue (and shows what happened);
// with none (closed, or in the background, where it may be frozen), the worker does. A failed run
// is retried by the browser later.
self.addEventListener("sync", (event) => {
  if (event.tag !== "tally-queue") return;
  event.waitUntil(self.clients.matchAll({ type: "window" }).then((open) => {
    var shown = open.filter((client) => client.visibilityState === "visible");
    if (shown.length) return shown.forEach((client) => { client.postMessage({ type: "sync" }); });
    return self.TallyQueue.sync().then((result) => {
      if (result.stopped) throw new Error("the queue waits for the network");
    });
  }));
});
