// The population of the seeded database: numeric user ids, chats, strategies.
import { strategyFor, type Rng, type Strategy } from '@mia/engine';
import { config } from './options';

export interface Person {
  id: string;
  name: string;
  username: string | null;
  ai: boolean;
  strategy: Strategy;
}

export interface Population {
  people: Person[];
  bots: Person[];
  chats: { id: string; title: string; members: Person[] }[];
  byId: Map<string, Person>;
}

export const FIRST_NAMES = ['Ada', 'Bo', 'Cleo', 'Dov', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lea', 'Mo', 'Nia', 'Oz', 'Pia'];

export function population(rng: Rng): Population {
  const mind = (): Strategy => {
    const r = rng(100);
    return strategyFor(r < 40 ? 'calculator' : r < 70 ? 'bluffer' : r < 92 ? 'honest' : 'random');
  };
  const people: Person[] = Array.from({ length: config.users }, (_, i) => ({
    // Telegram user ids: positive, up to 10 digits here
    id: String(5_000_000_000 + i * 104_729 + rng(1000)),
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${i}`,
    username: rng(3) === 0 ? null : `player_${i}`,
    ai: false,
    strategy: mind(),
  }));
  const bots: Person[] = ['calculator', 'bluffer', 'honest'].map((s, i) => ({
    id: String(-(i + 1)),
    name: `AI ${s}`,
    username: null,
    ai: true,
    strategy: strategyFor(s as 'calculator' | 'bluffer' | 'honest'),
  }));
  const chats = Array.from({ length: config.chats }, (_, i) => ({
    // supergroup ids: -100…
    id: String(-1_001_500_000_000 - i * 7_777),
    title: `Mia group ${i + 1}`,
    members: [] as Person[],
  }));
  // every person in one chat at least, most in two or three
  for (const [i, p] of people.entries()) chats[i % chats.length]!.members.push(p);
  for (const p of people) {
    for (let extra = rng(3); extra > 0; extra--) {
      const chat = chats[rng(chats.length)]!;
      if (!chat.members.includes(p)) chat.members.push(p);
    }
  }
  const byId = new Map([...people, ...bots].map((p) => [p.id, p]));
  return { people, bots, chats, byId };
}
