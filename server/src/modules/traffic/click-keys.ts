/**
 * Group-commit keys of the click works (db/group-commit.ts orders a batch by key). Every click
 * work locks rows of ONE profile only; sorting by profile first, and within a profile the rotator
 * (which takes the profile's row lock before its link) before page clicks (one link row each, in
 * link id order), makes every transaction take locks in one global order, so two API nodes
 * sharing PostgreSQL cannot deadlock. The separators sort before every id character.
 * Anything else that locks several link rows of a profile in one transaction must lock the
 * profile's users row first for the same reason.
 */
export const rotatorClickKey = (profileId: string): string => `${profileId}\u0000`;
export const pageClickKey = (profileId: string, linkId: string): string => `${profileId}\u0001${linkId}`;
