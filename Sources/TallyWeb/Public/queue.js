// The offline queue: records saved on this device and waiting to be sent, in IndexedDB so they
// outlive the tab and the browser. Loaded by the pages and by the service worker (importScripts),
// so either can send them. Each record carries a UUID sent as its Idempotency-Key: sending it
// twice (a retry after a lost answer, a page and the worker at once) still makes one record.
((self) => {
  "use strict";
  var Q = {};

  function open() {
    return new Promise((resolve, reject) => {
      var request = indexedDB.open("tally", 1);
      request.onupgradeneeded = () => {
        var db = request.result;
        if (!db.objectStoreNames.contains("queue")) db.createObjectStore("queue", { keyPath: "id" });
        if (!db.objectStoreNames.contains("meta")) db.createObjectStore("meta", { keyPath: "key" });
      };
      request.onsuccess = () => { resolve(request.result); };
      request.onerror = () => { reject(request.error); };
    });
  }

  // One IndexedDB transaction: `work` gets the store and may return a request whose result is kept.
  // Writes here (a record put in the queue, taken out, the meta) are strict: done only once on
  // disk, so "Saved on this phone" survives a power cut. Chromium may default to relaxed (done
  // once handed to the OS). Claims and progress (`update`) stay relaxed: losing one only makes a
  // send happen again, which the key makes harmless.
  function run(name, mode, work) {
    return open().then((db) => {
      return new Promise((resolve, reject) => {
        var t = db.transaction(name, mode, { durability: "strict" }), request = work(t.objectStore(name)), result;
        if (request) request.onsuccess = () => { result = request.result; };
        t.oncomplete = () => { db.close(); resolve(result); };
        t.onerror = t.onabort = () => { db.close(); reject(t.error); };
      });
    });
  }

  Q.put = (entry) => {
    if (entry.claimedBy) entry.claimedAt = Date.now();
    return run("queue", "readwrite", (s) => s.put(entry));
  };
  Q.get = (id) => run("queue", "readonly", (s) => s.get(id));
  Q.remove = (id) => run("queue", "readwrite", (s) => s.delete(id));
  Q.list = () => {
    return run("queue", "readonly", (s) => s.getAll()).then((all) => {
      return (all || []).sort((a, b) => a.created - b.created);
    });
  };
  Q.setMeta = (key, value) => run("meta", "readwrite", (s) => s.put({ key: key, value: value }));
  Q.getMeta = (key) => run("meta", "readonly", (s) => s.get(key)).then((row) => row && row.value);

  // A version 4 UUID. crypto.randomUUID needs HTTPS, and a server at home may be plain HTTP.
  Q.uuid = () => {
    if (self.crypto.randomUUID && self.isSecureContext) return self.crypto.randomUUID();
    // Each x a random hex digit; y one of 8, 9, a, b (the variant); the 4 is the version.
    var b = self.crypto.getRandomValues(new Uint8Array(31)), i = 0;
    return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, (c) => (c === "x" ? b[i++] & 15 : (b[i++] & 3) | 8).toString(16));
  };

  function problem(response) {
    return response.json().then((body) => body.detail || body.title || response.statusText,
      () => response.status + " " + response.statusText);
  }

  // One IndexedDB transaction on one entry: `change` gets the stored entry (or undefined) and
  // returns the entry to store, null to delete it, or undefined to leave it as it is.
  function update(id, change) {
    return open().then((db) => {
      return new Promise((resolve, reject) => {
        var t = db.transaction("queue", "readwrite"), s = t.objectStore("queue"), out;
        s.get(id).onsuccess = (event) => {
          out = change(event.target.result);
          if (out === null) s.delete(id); else if (out) s.put(out);
        };
        t.oncomplete = () => { db.close(); resolve(out); };
        t.onerror = t.onabort = () => { db.close(); reject(t.error); };
      });
    });
  }

  // An entry is claimed by one page or worker at a time, in one transaction (atomic across tabs
  // and the worker), so two of them never send the same photo twice. The sender renews its claim
  // every 5 s; one not renewed for 15 s is a sender that went away (a closed browser). Progress
  // is saved only while the claim is still ours, so a sender that lost it cannot undo another's.
  var me = (self.document ? "page-" : "worker-") + Q.uuid();
  function mine(e) { return e && e.claimedBy === me; }
  function take(id) {
    return update(id, (e) => {
      if (!e || e.state === "refused" || (e.claimedBy && e.claimedBy !== me && Date.now() - e.claimedAt < 15000)) return undefined;
      e.claimedBy = me;
      e.claimedAt = Date.now();
      return e;
    });
  }
  function keep(entry, release) {
    return update(entry.id, (e) => {
      if (!mine(e)) return undefined;
      entry.claimedBy = release ? null : me;
      entry.claimedAt = release ? 0 : Date.now();
      return entry;
    }).then((kept) => { if (!kept) throw new Error("another sender has it"); });
  }
  function drop(entry) { return update(entry.id, (e) => mine(e) ? null : undefined); }

  // A POST given up after `ms` (a captive portal or a dead connection would otherwise hold the
  // queue for good).
  function post(url, init, ms) {
    var abort = self.AbortController ? new AbortController() : null;
    var timer = setTimeout(() => { if (abort) abort.abort(); }, ms);
    init.method = "POST";
    init.credentials = "same-origin";
    if (abort) init.signal = abort.signal;
    return fetch(url, init).then((r) => { clearTimeout(timer); return r; }, (e) => { clearTimeout(timer); throw e; });
  }

  // Sends one claimed entry: the record (once: the key makes repeats harmless), then its photos
  // one by one, saving each step so a stop resumes where it was. Resolves "sent", "refused"
  // (kept, with the server's message) or "stop" (no network, signed out, busy: try later).
  function send(entry, csrf) {
    var base = "/api/v1/books/" + entry.book + "/transactions";
    var renew = setInterval(() => {
      update(entry.id, (e) => { if (mine(e)) { e.claimedAt = Date.now(); return e; } }).catch(() => {});
    }, 5000);
    function step() {
      if (!entry.transaction) {
        return post(base, { body: JSON.stringify(entry.fields), headers: { "Content-Type": "application/json",
          "X-CSRF-Token": csrf || "", "Idempotency-Key": entry.id } }, 20000).then((r) => {
          if (!r.ok) return answer(entry, r);
          return r.json().then((record) => { entry.transaction = record.id; return keep(entry).then(step); });
        });
      }
      if (!entry.receipts || !entry.receipts.length) return drop(entry).then(() => "sent");
      var form = new FormData();
      form.append("file", entry.receipts[0], "receipt.jpg");
      return post(base + "/" + entry.transaction + "/receipts", { body: form, headers: { "X-CSRF-Token": csrf || "" } }, 90000)
        .then((r) => {
          if (!r.ok) return answer(entry, r);
          entry.receipts.shift();
          return keep(entry).then(step);
        });
    }
    return step().catch(() => "stop").then((state) => { clearInterval(renew); return state; });
  }

  // The session (401, 403), the server (5xx), a proxy (408, 425, 429) or a repeat still running
  // (409 "send it again"): the record waits. A key whose record was deleted since (409): nothing
  // to send. Any other 4xx is about the record itself: it stays, marked, with the message.
  function answer(entry, r) {
    return problem(r).then((message) => {
      if (r.status === 409 && /deleted/.test(message)) return drop(entry).then(() => "sent");
      if ([401, 403, 408, 409, 425, 429].indexOf(r.status) >= 0 || r.status >= 500) return "stop";
      entry.state = "refused";
      entry.status = r.status;
      entry.message = message;
      return keep(entry, true).then(() => "refused");
    });
  }

  // Takes an entry back (Undo, Discard) unless it is being sent right now, by another page, the
  // worker or this page itself: deleted mid-send, its record would reach the server after the
  // Undo with nothing left to undo it. Resolves the entry (with `transaction` when its record
  // already reached the server), or undefined.
  Q.discard = (id) => {
    var gone;
    return update(id, (e) => {
      if (!e || (e.claimedBy && Date.now() - e.claimedAt < 15000)) return undefined;
      gone = e;
      return null;
    }).then(() => { Q.changed(); return gone; });
  };

  // Lets go of the entry being sent when the page goes away in the middle (pagehide).
  var current = null;
  Q.release = () => { if (current) keep(current, true).catch(() => {}); };

  var running = null;
  // Sends every waiting entry of `user`, oldest first, until none is left or one must wait.
  // Resolves {sent: {entry id: record id}, refused: {entry id: message}, stopped, busy}.
  Q.sync = () => {
    if (running) return running;
    var result = { sent: {}, refused: {}, stopped: false, busy: false };
    function pass(csrf, user, seen) {
      return Q.list().then((all) => {
        // A line typed offline has no fields until quickadd.js has read it and it was checked.
        var next = all.filter((e) => e.state !== "refused" && e.fields && !seen[e.id] && e.user === user)[0];
        if (!next) return result;
        seen[next.id] = true;
        return take(next.id).then((entry) => {
          if (!entry) { result.stopped = result.busy = true; return pass(csrf, user, seen); }
          current = entry;
          return send(entry, csrf).then((state) => {
            current = null;
            if (state === "sent") result.sent[entry.id] = entry.transaction;
            if (state === "refused") result.refused[entry.id] = entry.message;
            if (state !== "stop") return pass(csrf, user, seen);
            result.stopped = true;
            return keep(entry, true).catch(() => {}).then(() => result);
          });
        });
      });
    }
    running = Promise.all([Q.getMeta("csrf"), Q.getMeta("user")])
      .then((meta) => { return pass(meta[0], meta[1], {}); })
      .then((r) => { running = null; Q.changed(); return r; }, (error) => { running = null; throw error; });
    return running;
  };

  // Tells the other tabs and the worker that the queue changed.
  var channel = self.BroadcastChannel ? new BroadcastChannel("tally-queue") : null;
  Q.changed = () => { if (channel) channel.postMessage("changed"); };
  Q.onChange = (callback) => { if (channel) channel.onmessage = callback; };

  self.TallyQueue = Q;
})(self);
