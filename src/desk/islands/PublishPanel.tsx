// Publish, an island: every gallery to her website (or the preview), its progress in a bar and in
// words as it goes, then its outcome and its notes; Unlock offered only when a publish's lock stops
// the next one. A lock the page was sent without (her website's connection not open yet) is asked
// for once the page is read, and shown when known, unless a publish pressed since says it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PublishProgress } from '../../private-gallery/publish/build.ts';
import { askStatus, deskRoot, deskToken, FAILED, renderAnew } from './desk-client.ts';

interface Outcome {
  ok: boolean;
  message: string;
  warnings?: string[];
  held?: string[];
  locked?: boolean;
}

/** Bytes in words: 1.2 MB. */
const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Seconds in words: "about 2 minutes left". */
const timeLeft = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined
    ? ''
    : seconds < 60
      ? `; about ${Math.max(1, Math.round(seconds))} s left`
      : `; about ${Math.round(seconds / 60)} min left`;

/** A publish's progress (build.ts PublishProgress) in words. */
export function progressWords({ photos, resized, sealed, uploaded, bytes, secondsLeft }: PublishProgress): string {
  return (
    `${sealed} of ${photos} ${photos === 1 ? 'photo' : 'photos'} sealed, ${resized} resized; ` +
    `${uploaded} ${uploaded === 1 ? 'file' : 'files'} uploaded, ${size(bytes)}${sealed < photos ? timeLeft(secondsLeft) : ''}`
  );
}

/** Reads a publish's answer line by line (JSON each): its progress as it comes, then its outcome. */
async function readLines(body: ReadableStream<Uint8Array<ArrayBuffer>>, progress: (p: PublishProgress) => void) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let outcome: Outcome | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return outcome;
    buffer += value;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      const { progress: step, done: answer } = JSON.parse(line) as { progress?: PublishProgress; done?: Outcome };
      if (step) progress(step);
      if (answer) outcome = answer;
    }
  }
}

export function PublishPanel({ local, locked }: { local: boolean; locked: boolean | null }) {
  const [running, setRunning] = useState(false);
  const [bar, setBar] = useState<{ value: number; max: number } | null>(null);
  const [words, setWords] = useState('');
  const [notes, setNotes] = useState<string[]>([]);
  const [lock, setLock] = useState(locked);
  const status = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(0);

  // The lock, when the page was sent without it: asked for once, kept out of the way of a publish.
  useEffect(() => {
    if (locked !== null) return;
    const asked = pressed.current;
    let tries = 3;
    const ask = async (): Promise<void> => {
      const json = await askStatus();
      if (!json) {
        if (--tries > 0) setTimeout(() => void ask(), 3000);
        return;
      }
      if (typeof json.locked === 'boolean' && pressed.current === asked) setLock(json.locked);
    };
    void ask();
  }, [locked]);

  const say = (text: string) => {
    if (status.current) status.current.textContent = text;
  };

  const publish = async (event: FormEvent<HTMLFormElement>, unlock: boolean) => {
    event.preventDefault();
    pressed.current++;
    setRunning(true);
    setBar({ value: 0, max: 0 });
    setWords('Reading your galleries…');
    setNotes([]);
    say('Publishing…');
    const response = await fetch(`${deskRoot()}api/publish`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Desk-Token': deskToken() },
      body: JSON.stringify(unlock ? { unlock: true } : {}),
      credentials: 'same-origin',
    }).catch(() => null);
    let outcome: Outcome | null = null;
    if (!response?.ok || !response.body) {
      const json = ((await response?.json().catch(() => null)) ?? {}) as { message?: string };
      say(json.message ?? FAILED);
    } else {
      outcome = await readLines(response.body, (step) => {
        setBar({ value: step.sealed, max: Math.max(1, step.photos) });
        setWords(progressWords(step));
      });
    }
    setRunning(false);
    setBar(null);
    if (!outcome) return;
    await renderAnew(['.cards', '.standing']);
    say(outcome.message);
    // A publish's outcome always has both lists (actions.ts answerOf).
    setNotes([...(outcome.held ?? []), ...(outcome.warnings ?? [])]);
    // Offered only when her website's lock refused this publish: the command's --unlock.
    setLock(!!outcome.locked);
    status.current?.focus();
  };

  return (
    <section
      className="mt-6 mb-8 rounded-md bg-linen p-5 [&_.status]:mt-4 [&_.status]:mb-0 [&_.status]:bg-white"
      aria-labelledby="publish-title"
    >
      <h2 id="publish-title">Publish</h2>
      <p>
        {`Puts every gallery of yours on ${local ? 'the preview on this computer' : 'your website'}, each locked with its password: only what changed is sent.`}
      </p>
      <form onSubmit={(event) => void publish(event, false)}>
        <button type="submit" className="btn" disabled={running}>
          {`Publish to ${local ? 'the preview' : 'your website'}`}
        </button>
      </form>
      <div className="progress-box" hidden={!running}>
        <progress
          className="mt-4 w-full accent-plum"
          aria-labelledby="publish-progress-words"
          {...(bar && bar.max ? { value: bar.value, max: bar.max } : {})}
        ></progress>
        <p id="publish-progress-words" className="progress-words mt-1 mb-0 text-muted tabular-nums">
          {words}
        </p>
      </div>
      <p className="status" id="publish-status" role="status" aria-live="polite" tabIndex={-1} ref={status}></p>
      <ul className="notes text-danger mt-3 mb-0 pl-5 empty:hidden">
        {notes.map((note, index) => (
          <li key={index}>{note}</li>
        ))}
      </ul>
      <form
        className="unlock"
        data-unlock=""
        hidden={!lock}
        data-late={lock === null ? 'lock' : undefined}
        onSubmit={(event) => void publish(event, true)}
      >
        <p>
          A publish that started earlier has not finished, and its lock stops the next one. If it stopped halfway (a
          closed window, the computer asleep), break its lock and publish now. If it still runs on another computer,
          wait for it.
        </p>
        <button type="submit" className="btn btn-quiet" disabled={running}>
          Break the lock and publish
        </button>
      </form>
    </section>
  );
}
