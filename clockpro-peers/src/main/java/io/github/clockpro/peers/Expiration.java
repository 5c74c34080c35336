package io.github.clockpro.peers;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The expiry a benchmark builds every implementation with, by the name used in JMH parameters: none, or a
 * lifetime of {@link #LIFETIME} after write or after access, on each implementation's default (system) ticker.
 * cache2k has no expiry after access; for it, {@link #AFTER_ACCESS} sets {@code idleScanTime} to the lifetime,
 * its nearest setting, which removes entries not accessed within a scan round of about that length.
 */
public enum Expiration {
  /** No expiry: the default of every benchmark. */
  NONE("none"),
  /** {@code expireAfterWrite(LIFETIME)}. */
  AFTER_WRITE("afterWrite"),
  /** {@code expireAfterAccess(LIFETIME)}; cache2k: {@code idleScanTime(LIFETIME)}. */
  AFTER_ACCESS("afterAccess");

  /** The lifetime of the expiring configurations: longer than any measured run, so nothing expires in one. */
  public static final Duration LIFETIME = Duration.ofMinutes(1);

  private final String displayName;

  Expiration(String displayName) {
    this.displayName = displayName;
  }

  /** Returns the name used in JMH parameters. */
  public String displayName() {
    return displayName;
  }

  /** Returns how a table names an implementation built with this expiry, such as {@code clockpro}. */
  public String label(Implementation implementation) {
    return this == NONE ? implementation.displayName()
        : implementation.displayName() + ", " + displayName + " " + LIFETIME.toMinutes() + " min";
  }

  /**
   * Returns the expiry with the given name, case-insensitive.
   *
   * @throws IllegalArgumentException naming the valid choices if there is none with that name
   */
  public static Expiration named(String name) {
    for (Expiration expiration : values()) {
      if (expiration.displayName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
        return expiration;
      }
    }
    throw new IllegalArgumentException("unknown expiry '" + name + "'; expected one of "
        + Arrays.stream(values()).map(Expiration::displayName).collect(Collectors.joining(", ")));
  }
}
