// Replays typing a microchip number keystroke by keystroke, printing each state of the
// control with the caret drawn as |. Run from a checkout: node type-chip-number.js
// (uses PETFLOWD, petflowd on PATH, or the repository's .build/release/petflowd).
import { deleteBackward, insert, PetFlowClient } from '../index.js';

const drawn = ({ text, selection: { start, end } }) =>
  start === end
    ? `${text.slice(0, start)}|${text.slice(start)}`
    : `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;

const client = await PetFlowClient.spawn();
try {
  let state = await client.format('chipNumber', '');
  const show = (label) => console.log(`${label.padEnd(24)} ${drawn(state)}`);
  const press = async (label, edit, caret = state.selection) => {
    state = await client.edit('chipNumber', state.text, caret, edit);
    show(label);
  };

  show('(empty)');
  for (const digit of '1234567890') await press(`type ${digit}`, insert(digit));
  // Backspace just after the hyphen: the hyphen is not deleted, the digit before it is.
  await press('backspace at 12345-|', deleteBackward(), 6);
  await press('type 5', insert('5'));
  // A paste with junk: only the digits are kept, and the caret lands after them.
  await press("paste ' 9a8-7 ' at 6", insert(' 9a8-7 '), 6);
  await press('type ٤ (Arabic four)', insert('٤'));
  console.log(`${'value'.padEnd(24)} ${state.value}`);
} finally {
  await client.close();
}
