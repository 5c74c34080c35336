package io.github.clockpro.jcache;

import java.io.Serializable;
import java.util.Objects;
import javax.cache.expiry.Duration;
import javax.cache.expiry.ExpiryPolicy;

/**
 * The expiry policy of a configuration file's {@code policy.lazy-expiration} section: a lifetime on creation,
 * and optionally new ones on update and on access ({@code null}: keep the entry's lifetime). Immutable and
 * serializable, as a JSR-107 configuration's factories must be.
 */
final class ConfiguredExpiryPolicy implements ExpiryPolicy, Serializable {

  private static final long serialVersionUID = 1L;

  private final Duration creation;
  private final Duration update;
  private final Duration access;

  ConfiguredExpiryPolicy(Duration creation, Duration update, Duration access) {
    this.creation = Objects.requireNonNull(creation, "creation");
    this.update = update;
    this.access = access;
  }

  @Override
  public Duration getExpiryForCreation() {
    return creation;
  }

  @Override
  public Duration getExpiryForUpdate() {
    return update;
  }

  @Override
  public Duration getExpiryForAccess() {
    return access;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ConfiguredExpiryPolicy that && creation.equals(that.creation)
        && Objects.equals(update, that.update) && Objects.equals(access, that.access);
  }

  @Override
  public int hashCode() {
    return Objects.hash(creation, update, access);
  }
}
