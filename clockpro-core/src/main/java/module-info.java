/**
 * clockpro: a concurrent CLOCK-Pro cache whose eviction work per operation is bounded by a constant.
 *
 * <p>The only exported package is {@code io.github.clockpro}; start with
 * {@link io.github.clockpro.ClockProCache#builder()}.
 */
module io.github.clockpro {
  exports io.github.clockpro;
}
