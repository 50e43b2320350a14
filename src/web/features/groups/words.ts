/** 'Classes' for teacher and education-domain accounts, 'Teams' otherwise (spec part 1 §1). */
export function groupsWord(
  me: { teacher?: boolean; isEducationDomain?: boolean } | null,
): 'Classes' | 'Teams' {
  return me && (me.teacher || me.isEducationDomain) ? 'Classes' : 'Teams';
}

export function modeLabel(mode: 'team' | 'class'): string {
  return mode === 'class' ? 'Class' : 'Team';
}
