import type { GlossTable } from './types.js';

/** German (./types.ts explains the format). */
export const GERMAN: GlossTable = {
  language: 'de',
  markers:
    'der|die|das|und|ist|nicht|mit|für|auf|den|dem|des|ein|eine|einen|zu|von|bei|wird|werden|du|dein|deine|sie|ihre|bevor|jede|jeden|alle|immer|nie|oder|auch|wenn|aus',
  words: {
    you: 'du|dich|dir|ihr',
    your: 'dein|deine|deinen|deinem|deiner',
    always: 'immer|stets|jedes mal',
    never: 'nie|niemals|keinesfalls',
    not: 'nicht|kein|keine|keinen',
    before: 'bevor|vor',
    every: 'jede|jeden|jedem|jeder|jedes|alle|allen|sämtliche*',
    send: 'schick*|send*|übermittel*|übertrag*',
    result: 'ergebnis*',
    'the user': 'dem benutzer|den benutzer|der benutzer|dem nutzer|den nutzer|der nutzer',
    tell: 'sag*|erzähl*|mitteil*',
    to: 'an|zu|nach',
  },
};
