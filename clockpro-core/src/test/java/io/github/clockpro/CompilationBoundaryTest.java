package io.github.clockpro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The compilation boundary: {@code ClockProCache.insert}, which runs the eviction policy, is longer in bytecode
 * than the largest hot method HotSpot's C2 inlines ({@code -XX:FreqInlineSize}, 325 bytes by default on x86-64
 * and AArch64). So C2 compiles it on its own, and a lookup's hit path, compiled into the caller, never contains
 * the policy: when a branch of the policy first runs and C2 recompiles, only the insert is recompiled, not every
 * caller of {@code get}. See "Compilation" in the design overview of ClockProCache.
 *
 * <p>This is a fact about the class file, so the test reads the class file: the length of the method's
 * {@code Code} attribute.
 */
class CompilationBoundaryTest {

  /** HotSpot's default {@code FreqInlineSize}: C2 inlines a hot method of at most this many bytes of bytecode. */
  private static final int FREQ_INLINE_SIZE = 325;

  @Test
  void insertIsTooLongForC2ToInline() throws IOException {
    Map<String, Integer> lengths = codeLengths(ClockProCache.class);
    Integer insert = lengths.get("insert");
    assertTrue(insert != null, "ClockProCache has a method named insert: " + lengths.keySet());
    assertTrue(insert > FREQ_INLINE_SIZE,
        "ClockProCache.insert has " + insert + " bytes of bytecode; it must keep more than " + FREQ_INLINE_SIZE
            + " so that C2 never inlines it into the hit path (see \"Compilation\" in ClockProCache)");
  }

  @Test
  void readerFindsTheCodeLengthOfAKnownMethod() throws IOException {
    assertEquals(1, codeLengths(Sample.class).get("empty")); // a lone return instruction
  }

  private static final class Sample {
    @SuppressWarnings("unused")
    static void empty() {}
  }

  /**
   * The length in bytes of the {@code Code} attribute of every method with a body, by method name (the last of
   * any overloads wins; the methods checked here have none). Follows the class file format, JVMS chapter 4.
   */
  private static Map<String, Integer> codeLengths(Class<?> type) throws IOException {
    String resource = type.getName().substring(type.getName().lastIndexOf('.') + 1) + ".class";
    try (InputStream stream = type.getResourceAsStream(resource)) {
      assertTrue(stream != null, "class file of " + type.getName() + " is readable");
      DataInputStream in = new DataInputStream(stream);
      assertEquals(0xCAFEBABE, in.readInt(), "class file magic");
      in.readUnsignedShort(); // minor version
      in.readUnsignedShort(); // major version
      int constants = in.readUnsignedShort();
      String[] utf8 = new String[constants];
      for (int index = 1; index < constants; index++) {
        int tag = in.readUnsignedByte();
        switch (tag) {
          case 1 -> utf8[index] = in.readUTF();
          case 7, 8, 16, 19, 20 -> in.skipNBytes(2);
          case 15 -> in.skipNBytes(3);
          case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
          case 5, 6 -> {
            in.skipNBytes(8);
            index++; // a long or a double takes two entries of the pool
          }
          default -> throw new IOException("unknown constant pool tag " + tag + " at entry " + index);
        }
      }
      in.skipNBytes(6); // access flags, this class, super class
      in.skipNBytes(2L * in.readUnsignedShort()); // interfaces
      int fields = in.readUnsignedShort();
      for (int field = 0; field < fields; field++) {
        in.skipNBytes(6); // access flags, name, descriptor
        skipAttributes(in);
      }
      Map<String, Integer> lengths = new HashMap<>();
      int methods = in.readUnsignedShort();
      for (int method = 0; method < methods; method++) {
        in.skipNBytes(2); // access flags
        String name = utf8[in.readUnsignedShort()];
        in.skipNBytes(2); // descriptor
        int attributes = in.readUnsignedShort();
        for (int attribute = 0; attribute < attributes; attribute++) {
          String attributeName = utf8[in.readUnsignedShort()];
          int length = in.readInt();
          if (attributeName.equals("Code")) {
            in.skipNBytes(4); // max_stack, max_locals
            lengths.put(name, in.readInt());
            in.skipNBytes(length - 8L);
          } else {
            in.skipNBytes(length);
          }
        }
      }
      return lengths;
    }
  }

  private static void skipAttributes(DataInputStream in) throws IOException {
    int attributes = in.readUnsignedShort();
    for (int attribute = 0; attribute < attributes; attribute++) {
      in.skipNBytes(2);
      in.skipNBytes(Integer.toUnsignedLong(in.readInt()));
    }
  }
}
