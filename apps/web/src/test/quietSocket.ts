// A WebSocket that connects nowhere, for tests that render the signed-in shell (it opens the live
// channel): stub it with `vi.stubGlobal('WebSocket', QuietSocket)`.
export class QuietSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  send() {}
  close() {}
}
