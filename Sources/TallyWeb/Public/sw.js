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

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) { return cache.addAll(SHELL); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("tally-shell-") === 0 && name !== SHELL_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
  } else if (request.mode === "navigate" && url.pathname.indexOf("/api/") !== 0) {
    event.respondWith(page(event, url));
  }
});

// A page from the network, saved for later; from the cache when the network fails (or, for the
// quick pages, is slow); else the offline page.
function page(event, url) {
  var network = fetch(event.request).then(function (response) {
    var type = response.headers.get("Content-Type") || "";
    if (response.status === 200 && response.type === "basic" && type.indexOf("text/html") === 0) {
      event.waitUntil(save(url, response.clone()));
    }
    return response;
  });
  event.waitUntil(network.catch(function () {}));
  return new Promise(function (resolve) {
    var done = false;
    function finish(response) { if (!done && response) { done = true; resolve(response); } }
    function fallback() { return cached(url).then(function (hit) { return hit || caches.match(OFFLINE); }); }
    if (QUICK.test(url.pathname) || entry(url.pathname)) {
      setTimeout(function () { cached(url).then(finish); }, QUICK_WAIT_MS);
    }
    network.then(function (response) {
      if (done && response.status === 200) notify(url);
      finish(response);
    }, function () { fallback().then(finish); });
  });
}

// The entry points that redirect to the last book (/today, /add) resolve offline to its page.
function entry(path) {
  return path === "/today" || path === "/add" || path === "/";
}

function cached(url) {
  return caches.open(PAGES).then(function (cache) {
    if (!entry(url.pathname)) {
      return cache.match(url.href).then(function (hit) { return hit || cache.match(url.href, { ignoreSearch: true }); });
    }
    return self.TallyQueue.getMeta("book").then(function (book) {
      if (!book) return undefined;
      var target = url.pathname === "/add" ? "/transactions/new" : url.pathname === "/" ? "/dashboard" : "/today";
      return cache.match(self.location.origin + "/books/" + book + target, { ignoreSearch: true });
    });
  });
}

// Keeps the page with the time it was saved on its <html> element, and at most MAX_PAGES pages.
function save(url, response) {
  return response.text().then(function (html) {
    var now = String(Date.now());
    var marked = html.replace("<html lang=\"en\">", "<html lang=\"en\" data-cached-at=\"" + now + "\">");
    var headers = { "Content-Type": "text/html; charset=utf-8", "X-Cached-At": now };
    return caches.open(PAGES).then(function (cache) {
      return cache.put(url.href, new Response(marked, { headers: headers }))
        .then(function () { return cache.keys(); })
        .then(function (keys) {
          return Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map(function (k) { return cache.delete(k); }));
        });
    });
  });
}

// A quick page was shown from the cache and the fresh one has now arrived: the page may offer it.
function notify(url) {
  self.clients.matchAll({ type: "window" }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage({ type: "fresh", url: url.href }); });
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {};
  // A page asks for the pages a phone needs offline (its book's Today, add form and queue) when
  // they are not saved yet or are over an hour old.
  if (data.type === "warm" && Array.isArray(data.urls)) {
    event.waitUntil(caches.open(PAGES).then(function (cache) {
      return Promise.all(data.urls.map(function (path) {
        var url = new URL(path, self.location.origin);
        if (url.origin !== self.location.origin) return undefined;
        return cache.match(url.href).then(function (hit) {
          if (hit && Date.now() - Number(hit.headers.get("X-Cached-At") || 0) < 3600000) return undefined;
          return fetch(url.href, { credentials: "same-origin" }).then(function (response) {
            var type = response.headers.get("Content-Type") || "";
            if (response.status === 200 && !response.redirected && type.indexOf("text/html") === 0) return save(url, response);
            return undefined;
          }, function () {});
        });
      }));
    }));
  }
  if (data.type === "forget") event.waitUntil(caches.delete(PAGES));
});

// Background Sync: with a page open, that page sends the queue (and shows what happened); with
// none, the worker does. A failed run is retried by the browser later.
self.addEventListener("sync", function (event) {
  if (event.tag !== "tally-queue") return;
  event.waitUntil(self.clients.matchAll({ type: "window" }).then(function (open) {
    if (open.length) return open.forEach(function (client) { client.postMessage({ type: "sync" }); });
    return self.TallyQueue.sync().then(function (result) {
      if (result.stopped) throw new Error("the queue waits for the network");
    });
  }));
});
