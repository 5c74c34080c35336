package io.github.clockpro.differential;

import java.util.List;

/**
 * What one step did on one cache, in a form two caches can be compared by.
 *
 * <p>Removals are compared per step as multisets, except expirations: clockpro removes expired entries in bounded
 * steps of later operations (docs/design.md, "Where expiry departs from Caffeine"), Caffeine in its maintenance
 * after writes, so the step that reports an expiration differs by design. Whether an entry has expired is compared
 * where it is observable, by every read; the expirations themselves are compared as a multiset at the end of the
 * sequence, after both caches have removed everything.
 *
 * @param result what the call returned, or the type of what it threw
 * @param removals the removals the listener reported, expirations excepted, in a fixed order
 * @param calls how many times the step's loader or function ran
 */
record Outcome(String result, List<Removal> removals, int calls) {

  @Override
  public String toString() {
    return result + (removals.isEmpty() ? "" : ", removed " + removals) + (calls == 0 ? "" : ", " + calls
        + " call" + (calls == 1 ? "" : "s") + " of its function");
  }
}
