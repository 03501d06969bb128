// The scenes the seed's listing photos show: the nine settings, 16 variants each, then each
// category's own building, 8 variants each.
export const SCENE_KINDS = [
  'house', 'pool', 'beach', 'cabin', 'mountain', 'lake', 'desert', 'interior', 'castle',
  'dome', 'yurt', 'aframe', 'windmill', 'treehouse', 'boat', 'tower', 'barn',
  'trullo', 'container', 'cycladic', 'eastern', 'camper', 'vineyard',
  'cave', 'riad', 'arctic', 'island', 'surf', 'ski', 'golf', 'mansion', 'historic', 'shepherd', 'omg', 'piano', 'kitchen',
] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

/**
 * Variants of a kind: 16 of the nine settings, 8 of each category's own building (a new kind goes
 * last, so the indices of the others stay): 360 distinct scenes.
 */
const variantsOf = (kind: SceneKind) => (SCENE_KINDS.indexOf(kind) < 9 ? 16 : 8);

export interface Scene {
  index: number;
  kind: SceneKind;
  variant: number;
}

export const SCENES: Scene[] = SCENE_KINDS.flatMap((kind) => Array.from({ length: variantsOf(kind) }, (_, variant) => ({ kind, variant }))).map(
  (scene, i) => ({ ...scene, index: i + 1 }),
);

/** Whether a scene is a bedroom (every other interior; the rest are living rooms). */
export const isBedroom = (scene: Scene) => scene.kind === 'interior' && scene.variant % 2 === 0;
