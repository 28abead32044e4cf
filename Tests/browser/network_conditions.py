"""Network emulation for a page *and* its service worker, through the DevTools protocol.

`driver.execute_cdp_cmd("Network.emulateNetworkConditions", ...)` reaches only the page's own
session: the service worker's fetches (the ones that matter for an offline app) still go out at
full speed. DevTools itself applies the conditions to every target; so does this, over the
browser's DevTools websocket (selenium's own dependency, websocket-client): it attaches to each
page and service worker target and sends the same command to each.
"""
import itertools
import json
import urllib.request

import websocket

OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
ONLINE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
# Chromium DevTools' "Slow 3G" preset: 400 ms × 5 latency, 500 kbit/s × 0.8 each way.
SLOW_3G = {"offline": False, "latency": 2000, "downloadThroughput": 500 * 1000 / 8 * 0.8,
           "uploadThroughput": 500 * 1000 / 8 * 0.8}


class Conditions:
    """Holds the browser connection open: the emulation lasts as long as the sessions do."""

    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=5) as response:
            url = json.load(response)["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, timeout=10, suppress_origin=True)
        self.ids = itertools.count(1)
        self.sessions = {}

    def call(self, method, params=None, session=None):
        message = {"id": next(self.ids), "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") == message["id"]:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def apply(self, conditions):
        """Sets `conditions` on every page and service worker there is now; returns their types."""
        kinds = []
        for target in self.call("Target.getTargets")["targetInfos"]:
            if target["type"] not in ("page", "service_worker"):
                continue
            session = self.sessions.get(target["targetId"])
            if session is None:
                session = self.call("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
                self.sessions[target["targetId"]] = session
                self.call("Network.enable", session=session)
            self.call("Network.emulateNetworkConditions", conditions, session=session)
            kinds.append(target["type"])
        return sorted(kinds)

    def close(self, restore=True):
        """Ends the emulation (back online first, unless the browser is about to close offline)."""
        try:
            if restore:
                self.apply(ONLINE)
        finally:
            self.socket.close()
