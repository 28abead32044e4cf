// The offline queue: records saved on this device and waiting to be sent, in IndexedDB so they
// outlive the tab and the browser. Loaded by the pages and by the service worker (importScripts),
// so either can send them. Each record carries a UUID sent as its Idempotency-Key: sending it
// twice (a retry after a lost answer, a page and the worker at once) still makes one record.
(function (self) {
  "use strict";
  var Q = {};

  function open() {
    return new Promise(function (resolve, reject) {
      var request = indexedDB.open("tally", 1);
      request.onupgradeneeded = function () {
        var db = request.result;
        if (!db.objectStoreNames.contains("queue")) db.createObjectStore("queue", { keyPath: "id" });
        if (!db.objectStoreNames.contains("meta")) db.createObjectStore("meta", { keyPath: "key" });
      };
      request.onsuccess = function () { resolve(request.result); };
      request.onerror = function () { reject(request.error); };
    });
  }

  // One IndexedDB transaction: `work` gets the store and may return a request whose result is kept.
  function run(name, mode, work) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction(name, mode), request = work(t.objectStore(name)), result;
        if (request) request.onsuccess = function () { result = request.result; };
        t.oncomplete = function () { db.close(); resolve(result); };
        t.onerror = t.onabort = function () { db.close(); reject(t.error); };
      });
    });
  }

  Q.put = function (entry) {
    if (entry.claimedBy) entry.claimedAt = Date.now();
    return run("queue", "readwrite", function (s) { return s.put(entry); });
  };
  Q.get = function (id) { return run("queue", "readonly", function (s) { return s.get(id); }); };
  Q.remove = function (id) { return run("queue", "readwrite", function (s) { return s.delete(id); }); };
  Q.list = function () {
    return run("queue", "readonly", function (s) { return s.getAll(); }).then(function (all) {
      return (all || []).sort(function (a, b) { return a.created - b.created; });
    });
  };
  Q.setMeta = function (key, value) {
    return run("meta", "readwrite", function (s) { return s.put({ key: key, value: value }); });
  };
  Q.getMeta = function (key) {
    return run("meta", "readonly", function (s) { return s.get(key); }).then(function (row) { return row && row.value; });
  };

  // A version 4 UUID. crypto.randomUUID needs HTTPS, and a server at home may be plain HTTP.
  Q.uuid = function () {
    if (self.crypto.randomUUID && self.isSecureContext) return self.crypto.randomUUID();
    var b = self.crypto.getRandomValues(new Uint8Array(16)), h = [];
    b[6] = (b[6] & 15) | 64;
    b[8] = (b[8] & 63) | 128;
    for (var i = 0; i < 16; i++) h.push((b[i] + 256).toString(16).slice(1));
    return h.slice(0, 4).join("") + "-" + h.slice(4, 6).join("") + "-" + h.slice(6, 8).join("") + "-" +
      h.slice(8, 10).join("") + "-" + h.slice(10).join("");
  };

  function problem(response) {
    return response.json().then(function (body) { return body.detail || body.title || response.statusText; },
      function () { return response.status + " " + response.statusText; });
  }

  // Sends one entry: the record (once: the key makes repeats harmless), then its photos one by
  // one, noting each step so a crash in between resumes where it stopped. Resolves "sent",
  // "refused" (kept, with the server's message) or "stop" (no network, or signed out: try later).
  function send(entry, csrf) {
    var headers = { "X-CSRF-Token": csrf || "", "Idempotency-Key": entry.id };
    var base = "/api/v1/books/" + entry.book + "/transactions";
    var step = entry.transaction ? Promise.resolve("record") : fetch(base, {
      method: "POST", credentials: "same-origin",
      headers: Object.assign({ "Content-Type": "application/json" }, headers), body: JSON.stringify(entry.fields)
    }).then(function (response) {
      if (response.ok) return response.json().then(function (record) {
        entry.transaction = record.id;
        return Q.put(entry).then(function () { return "record"; });
      });
      return refuseOrStop(entry, response);
    });
    return step.then(function (state) {
      if (state !== "record") return state;
      if (!entry.receipts || !entry.receipts.length) return Q.remove(entry.id).then(function () { return "sent"; });
      var form = new FormData();
      form.append("file", entry.receipts[0], "receipt.jpg");
      return fetch(base + "/" + entry.transaction + "/receipts", {
        method: "POST", credentials: "same-origin", headers: { "X-CSRF-Token": csrf || "" }, body: form
      }).then(function (response) {
        if (!response.ok) return refuseOrStop(entry, response);
        entry.receipts.shift();
        return Q.put(entry).then(function () { return send(entry, csrf); });
      });
    }, function () { return "stop"; });
  }

  // 401 and 403 are about the session (signed out, an old token), 5xx about the server: the
  // record waits. Any other 4xx is about the record itself: it stays, marked, with the message.
  function refuseOrStop(entry, response) {
    if (response.status === 401 || response.status === 403 || response.status >= 500) {
      return problem(response).then(function (message) {
        Q.lastStop = response.status === 401 ? "Sign in again to send them." : message;
        return "stop";
      });
    }
    return problem(response).then(function (message) {
      entry.state = "refused";
      entry.status = response.status;
      entry.message = message;
      return Q.put(entry).then(function () { return "refused"; });
    });
  }

  // Takes an entry for this page or worker, in one IndexedDB transaction (atomic across tabs and
  // the worker): so two of them never send the same photo twice. A claim not renewed for 15 s
  // (each step renews it) is a sender that went away: a page left mid-send, a closed browser.
  // Resolves the entry, or null when another holds it or it is gone.
  var me = (self.document ? "page-" : "worker-") + Q.uuid();
  function claim(id, take) {
    return open().then(function (db) {
      return new Promise(function (resolve, reject) {
        var t = db.transaction("queue", "readwrite"), s = t.objectStore("queue"), got = null;
        s.get(id).onsuccess = function (event) {
          var e = event.target.result;
          if (!e) return;
          var mine = !e.claimedBy || e.claimedBy === me || Date.now() - e.claimedAt > 15000;
          if (take && !mine) return;
          e.claimedBy = take ? me : null;
          e.claimedAt = take ? Date.now() : 0;
          if (take || mine) s.put(e);
          got = e;
        };
        t.oncomplete = function () { db.close(); resolve(got); };
        t.onerror = t.onabort = function () { db.close(); reject(t.error); };
      });
    });
  }

  // Lets go of the entry being sent, when the page goes away in the middle (pagehide).
  var current = null;
  Q.release = function () { if (current) claim(current, false); };

  var running = null;
  // Sends every waiting entry, oldest first, until none is left or one must wait. Resolves
  // {sent: {entry id: record id}, refused: {entry id: message}, stopped}. One run at a time here;
  // entries are claimed one by one against other tabs and the worker.
  Q.sync = function () {
    if (running) return running;
    var result = { sent: {}, refused: {}, stopped: false, busy: false };
    function pass(csrf, seen) {
      return Q.list().then(function (all) {
        var next = all.filter(function (e) { return e.state !== "refused" && !seen[e.id]; })[0];
        if (!next) return result;
        seen[next.id] = true;
        return claim(next.id, true).then(function (entry) {
          if (!entry) { result.stopped = result.busy = true; return pass(csrf, seen); }
          current = entry.id;
          return send(entry, csrf).then(function (state) {
            current = null;
            if (state === "sent") result.sent[entry.id] = entry.transaction;
            if (state === "refused") result.refused[entry.id] = entry.message;
            if (state !== "sent") return claim(entry.id, false).then(function () {
              if (state === "stop") { result.stopped = true; return result; }
              return pass(csrf, seen);
            });
            return pass(csrf, seen);
          });
        });
      });
    }
    running = Q.getMeta("csrf").then(function (csrf) { return pass(csrf, {}); })
      .then(function (r) { running = null; Q.changed(); return r; }, function (error) { running = null; throw error; });
    return running;
  };

  // Tells the other tabs and the worker that the queue changed.
  var channel = self.BroadcastChannel ? new BroadcastChannel("tally-queue") : null;
  Q.changed = function () { if (channel) channel.postMessage("changed"); };
  Q.onChange = function (callback) { if (channel) channel.onmessage = callback; };

  self.TallyQueue = Q;
})(self);
