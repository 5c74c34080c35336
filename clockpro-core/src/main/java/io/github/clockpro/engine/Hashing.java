package io.github.clockpro.engine;

/** The one hash finalizer of the engine. */
final class Hashing {

  private Hashing() {}

  /**
   * The 32-bit finalizer of MurmurHash3 (Appleby): every input bit flips each output bit with probability close
   * to one half, and 0 maps to 0. A bijection, so distinct inputs stay distinct.
   */
  static int mix(int value) {
    int mixed = value;
    mixed ^= mixed >>> 16;
    mixed *= 0x85EB_CA6B;
    mixed ^= mixed >>> 13;
    mixed *= 0xC2B2_AE35;
    mixed ^= mixed >>> 16;
    return mixed;
  }
}
