// <hoyito-board> in React 19: attributes written as strings (React sets them as properties), the
// `move` event into the app's state, and a toggle that unmounts and remounts the board.
import { useState } from 'react';
import 'hoyito/board';
// The typings: <hoyito-board> in React's JSX, its properties and events (`onmove`) typed.
import type {} from 'hoyito/react';
import type { MoveDetail } from 'hoyito/board';

export function App() {
  const [shown, setShown] = useState(true);
  const [moves, setMoves] = useState<readonly MoveDetail[]>([]);
  return (
    <main>
      <button id="toggle" onClick={() => setShown(!shown)}>
        {shown ? 'Remove the board' : 'Show the board'}
      </button>
      {shown && <hoyito-board holes="12" level="3" speed="0" onmove={event => setMoves(played => [...played, event.detail])} />}
      <p id="moves-count">{moves.length}</p>
      <ol id="moves">
        {moves.map((played, ply) => (
          <li key={ply}>
            {played.side} {String(played.move)}
          </li>
        ))}
      </ol>
    </main>
  );
}
