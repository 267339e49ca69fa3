// Live mode: follow one snapshot with listdiff.js's follow() — its event stream, or long polls
// when the page holds an API key (an EventSource cannot send one, and a key never goes in a
// URL) — animating each new version and showing a reset as what it is (the whole list again).
// Outline sections show their visible rows; a row's triangle expands or collapses it on the
// server (the operations endpoint), and the change comes back like any other write's.
import { apiKey, askForKey, call } from "./api.js";
import { counted, describeChangeset } from "./changeset-text.js";
import { applySteps, follow, FollowError } from "./listdiff.js";

const NAME = /^[A-Za-z0-9._~-]{1,128}$/;
const TRANSPORTS = { stream: "streaming", "long-poll": "long-polling" };

export class LiveFollower {
  /** `onEnd` runs when following ends by itself (the snapshot deleted), `onError` on a failure. */
  constructor({ view, status, log, onError, onEnd }) {
    Object.assign(this, { view, status, log, onError, onEnd });
    this.controller = null;
  }

  get following() {
    return this.controller !== null;
  }

  /**
   * Follows `session`/`snapshot` until stop(); a snapshot not there yet is waited for, one
   * deleted (or evicted) while followed ends it.
   */
  async follow(session, snapshot) {
    if (!NAME.test(session) || !NAME.test(snapshot)) {
      throw new Error("session and snapshot names are 1–128 of A-Z a-z 0-9 . _ ~ -");
    }
    this.stop();
    // The log and the list are the followed snapshot's only.
    this.log.replaceChildren();
    this.view.show([]);
    const controller = new AbortController();
    this.controller = controller;
    const base = `v1/sessions/${session}/snapshots/${snapshot}`;
    this.view.onToggle = (id, expanded) => {
      const operations = [{ op: expanded ? "collapse" : "expand", items: [id] }];
      call("POST", `${base}/operations`, { operations }).catch((error) => this.onError(error));
    };
    // An expired token is asked for again in the page's dialog, saying why.
    const token = (refusal) => (refusal ? askForKey(refusal.detail) : apiKey());
    const counts = { changesets: 0, resets: 0 };
    let current = null;
    while (!controller.signal.aborted) {
      try {
        for await (const state of follow(base, { token, signal: controller.signal })) {
          await this.show(state, current, counts);
          current = state;
        }
      } catch (error) {
        if (controller.signal.aborted) break;
        if (error instanceof FollowError && error.status === 404 && current) {
          this.view.show([]);
          this.status.textContent = `${session}/${snapshot} is gone (deleted or evicted); not following.`;
          this.note(`${current.version}: ${session}/${snapshot} is gone`);
          this.stop();
          this.onEnd();
          break;
        }
        if (error instanceof FollowError && error.status === 404) {
          this.status.textContent = `${session}/${snapshot} is not there (yet); asking again every second.`;
          await new Promise((resolve) => setTimeout(resolve, 1000));
          continue;
        }
        if (error instanceof FollowError && error.status === 401 && (await askForKey(error.problem?.detail))) continue;
        this.onError(error);
        this.stop();
      }
    }
  }

  /** Shows `state`: at once when it is the first or a reset, else animating its changeset from `previous`. */
  async show(state, previous, counts) {
    if (!previous || !(state.changeset || state.reset)) {
      this.view.show(state.list);
      this.report(state, counts, `showing ${state.version}`);
    } else if (state.reset) {
      counts.resets += 1;
      this.view.show(state.list);
      this.view.root.classList.add("reset");
      setTimeout(() => this.view.root.classList.remove("reset"), 800);
      this.report(state, counts, `reset to ${state.version}: the server no longer holds ${previous.version}, so the whole list again`);
    } else {
      const { steps } = applySteps(previous.list, state.changeset, { newList: state.list });
      for (const step of steps) await this.view.play(step);
      this.view.show(state.list);
      counts.changesets += 1;
      this.report(state, counts, `${previous.version} → ${state.version}: ${describeChangeset(state.changeset)}`);
    }
  }

  stop() {
    this.view.onToggle = null;
    this.controller?.abort();
    this.controller = null;
  }

  report({ version, digest, transport }, counts, line) {
    this.status.textContent = `Version ${version} · ${digest} · ${TRANSPORTS[transport]} · ${counted(counts.changesets, "changeset")}, ${counted(counts.resets, "reset")}`;
    Object.assign(this.status.dataset, { version, digest, transport, changesets: counts.changesets, resets: counts.resets });
    this.note(line);
  }

  note(line) {
    const entry = document.createElement("li");
    entry.textContent = line;
    this.log.prepend(entry);
    while (this.log.children.length > 50) this.log.lastChild.remove();
  }
}
