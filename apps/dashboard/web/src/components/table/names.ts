import type { NameOf } from '../../live/tableText';
import type { TableScene } from './scene';

/** Names by player id, from the scene's seats (an id not seated reads as itself). */
export function sceneNames(scene: Pick<TableScene, 'seats'>): NameOf {
  const names = new Map(scene.seats.map((s) => [s.id, s.name]));
  return (id) => names.get(id) ?? id;
}
