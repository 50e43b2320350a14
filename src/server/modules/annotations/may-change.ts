/**
 * The author check of annotations: the one place that answers who may recolour, note or remove an
 * annotation (with the item policy, it belongs in policies/annotation.ts). It runs once the
 * annotation was found through its scope. An item's own annotations are reached only through the
 * item loaded for writing (items/access.ts), and whoever may write an item may change all its
 * annotations. A group's layer (a row with its groupId) is reached through the item read in the
 * group, and there only the annotation's author may change it; the other members see who made it,
 * so they are refused, not told it is missing.
 */
export function mayChangeAnnotation(
  actor: { id: number },
  annotation: { userId: number; groupId?: number },
): boolean {
  if (annotation.groupId === undefined) return true;
  return annotation.userId === actor.id;
}
