// Beside Selections in the desk's header, an island: how many selections wait and, apart, how many
// messages are unreadable (none for 0). When the page was sent without knowing (her website's
// connection was not open yet: `waiting` null), it asks the desk once the page is read (opening
// it takes seconds), and says nothing until it knows; a change that knows tells it ("desk:waiting").
import { useEffect, useState } from 'react';
import type { Waiting } from '../server/actions.ts';
import { Hidden } from '../pages/parts.tsx';
import { askStatus } from './desk-client.ts';

/** Beside Selections: how many selections wait and, apart, how many messages are unreadable. */
function Badges({ selections, unreadable }: Waiting) {
  return (
    <>
      {selections ? (
        <>
          {' '}
          <span className="badge">{selections}</span>
          <Hidden> waiting</Hidden>
        </>
      ) : null}
      {unreadable ? (
        <>
          {' '}
          <span className="badge badge-quiet">
            {unreadable}
            <Hidden> unreadable</Hidden>
          </span>
        </>
      ) : null}
    </>
  );
}

export function SelectionsBadge({ waiting: sent }: { waiting: Waiting | null }) {
  const [waiting, setWaiting] = useState(sent);
  useEffect(() => {
    const told = (event: Event) => setWaiting((event as CustomEvent<Waiting>).detail);
    document.addEventListener('desk:waiting', told);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async (tries: number) => {
      const known = (await askStatus())?.waiting;
      if (stopped) return;
      if (known) setWaiting((now) => now ?? known);
      else if (tries > 1) timer = setTimeout(() => void ask(tries - 1), 3000);
    };
    if (!sent) void ask(3);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('desk:waiting', told);
    };
  }, [sent]);
  return waiting ? <Badges {...waiting} /> : null;
}
