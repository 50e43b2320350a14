/**
 * What Send an Email needs of groups (Teams / Classes): the addresses of a group's members for a
 * mail sent to it, and the caller's fellow members for load_contacts. GroupsService provides it;
 * sharing depends on this interface only, not on the groups module.
 */
export interface FellowMember {
  userId: number;
  name: string;
}

export interface GroupDirectory {
  /**
   * The members' addresses of each named group the user belongs to (the user's own left out);
   * a group the user is not a member of adds nothing.
   */
  memberAddressesOf(userId: number, groupNames: string[]): Promise<string[]>;
  /** The people who share a group with the user. */
  fellowMembersOf(userId: number): Promise<FellowMember[]>;
}
