// Live mode: follow one snapshot with long polls (changes?since=…&wait=…&include=values),
// animating each new version and showing a reset as what it is (the whole list again).
// Outline sections show their visible rows; a row's triangle expands or collapses it on the
// server (the operations endpoint), and the change comes back like any other write's.
import { call, APIError } from "./api.js";
import { describeChangeset } from "./changeset-text.js";
import { applySteps, visibleRows } from "./listdiff.js";

const NAME = /^[A-Za-z0-9._~-]{1,128}$/;

export class LiveFollower {
  constructor({ view, status, log, onError }) {
    Object.assign(this, { view, status, log, onError });
    this.controller = null;
  }

  get following() {
    return this.controller !== null;
  }

  /** Follows `session`/`snapshot` until stop(); a missing snapshot is waited for. */
  async follow(session, snapshot) {
    if (!NAME.test(session) || !NAME.test(snapshot)) {
      throw new Error("session and snapshot names are 1–128 of A-Z a-z 0-9 . _ ~ -");
    }
    this.stop();
    const controller = new AbortController();
    this.controller = controller;
    const base = `v1/sessions/${session}/snapshots/${snapshot}`;
    this.view.onToggle = (id, expanded) => {
      const operations = [{ op: expanded ? "collapse" : "expand", items: [id] }];
      call("POST", `${base}/operations`, { operations }).catch((error) => this.onError(error));
    };
    const counts = { changesets: 0, resets: 0 };
    let current = null;
    while (!controller.signal.aborted) {
      try {
        if (!current) {
          const state = await call("GET", base, undefined, { signal: controller.signal });
          current = { version: state.version, list: visibleRows(state.snapshot) };
          this.view.show(current.list);
          this.report(current.version, state.digest, counts, `showing ${current.version}`);
          continue;
        }
        const answer = await call("GET", `${base}/changes?since=${current.version}&wait=30&include=values`, undefined, { signal: controller.signal });
        if (answer.reset) {
          counts.resets += 1;
          const held = current.version;
          current = { version: answer.to, list: visibleRows(answer.snapshot) };
          this.view.show(current.list);
          this.view.root.classList.add("reset");
          setTimeout(() => this.view.root.classList.remove("reset"), 800);
          this.report(answer.to, answer.digest, counts, `reset to ${answer.to}: the server no longer holds ${held}, so the whole list again`);
          continue;
        }
        if (answer.from === answer.to) continue;
        const { result, steps } = applySteps(current.list, answer.changeset, { values: answer.values });
        for (const step of steps) await this.view.play(step);
        this.view.show(result);
        counts.changesets += 1;
        current = { version: answer.to, list: result };
        this.report(answer.to, answer.digest, counts, `${answer.from} → ${answer.to}: ${describeChangeset(answer.changeset)}`);
      } catch (error) {
        if (controller.signal.aborted) break;
        if (error instanceof APIError && error.status === 404) {
          current = null;
          this.status.textContent = `${session}/${snapshot} is not there (yet); asking again every second.`;
          await new Promise((resolve) => setTimeout(resolve, 1000));
          continue;
        }
        this.onError(error);
        this.stop();
      }
    }
  }

  stop() {
    this.view.onToggle = null;
    this.controller?.abort();
    this.controller = null;
  }

  report(version, digest, counts, line) {
    this.status.textContent = `Version ${version} · ${digest} · ${counts.changesets} changesets, ${counts.resets} resets`;
    Object.assign(this.status.dataset, { version, digest, changesets: counts.changesets, resets: counts.resets });
    const entry = document.createElement("li");
    entry.textContent = line;
    this.log.prepend(entry);
    while (this.log.children.length > 50) this.log.lastChild.remove();
  }
}
