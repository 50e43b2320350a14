/** 'Classes' for teacher and education-domain accounts, 'Teams' otherwise (spec part 1 §1). */
export function groupsWord(
  me: { teacher?: boolean; isEducationDomain?: boolean } | null,
): 'Classes' | 'Teams' {
  return me && (me.teacher || me.isEducationDomain) ? 'Classes' : 'Teams';
}

export function modeLabel(mode: 'team' | 'class'): string {
  return mode === 'class' ? 'Class' : 'Team';
}

/** Who invited the user to which group, as My Groups, the notifications and the link's page say it. */
export function invitationText(invitation: {
  group: { displayName: string; mode: 'team' | 'class' };
  inviter: { name: string; display_name: string };
}): string {
  const { group, inviter } = invitation;
  const who =
    inviter.display_name === inviter.name ? inviter.name : `${inviter.display_name} (${inviter.name})`;
  return `${who} invited you to join the ${group.mode} “${group.displayName}”.`;
}
