package io.github.clockpro.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.clockpro.engine.NodeShape.ExpiringNode;
import io.github.clockpro.engine.NodeShape.ExpiringReferencedValueNode;
import io.github.clockpro.engine.NodeShape.RefreshingExpiringNode;
import io.github.clockpro.engine.NodeShape.ReferencedValueNode;
import io.github.clockpro.engine.NodeShape.RefreshingNode;
import io.github.clockpro.engine.NodeShape.WeightedExpiringNode;
import io.github.clockpro.engine.NodeShape.WeightedNode;
import io.github.clockpro.engine.NodeShape.WeightedRefreshingExpiringNode;
import io.github.clockpro.engine.NodeShape.WeightedRefreshingNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jol.info.ClassLayout;
import org.openjdk.jol.vm.VM;

/**
 * Pins the size of every entry shape, as the shapes' Javadoc states it, on the layout the Javadoc assumes: a
 * 64-bit JVM with compressed references and class pointers (a 12-byte header, 4-byte references, objects aligned
 * to 8 bytes), the default up to heaps of 32 GB. A field added to a shape, or a shape whose fields no longer pack
 * into the size its Javadoc gives, fails here; so does a byte count in the Javadoc that no shape has.
 */
class NodeLayoutTest {

  static Stream<Arguments> shapes() {
    return Stream.of(
        Arguments.of(Node.class, 48),
        Arguments.of(WeightedNode.class, 56),
        Arguments.of(RefreshingNode.class, 56),
        Arguments.of(WeightedRefreshingNode.class, 64),
        Arguments.of(ExpiringNode.class, 64),
        Arguments.of(WeightedExpiringNode.class, 72),
        Arguments.of(RefreshingExpiringNode.class, 72),
        Arguments.of(WeightedRefreshingExpiringNode.class, 80),
        Arguments.of(ReferencedValueNode.class, 64),
        Arguments.of(ExpiringReferencedValueNode.class, 80));
  }

  @ParameterizedTest
  @MethodSource("shapes")
  void shouldTakeTheBytesItsJavadocStates(Class<?> shape, long bytes) {
    assumeTrue(VM.current().objectHeaderSize() == 12 && VM.current().sizeOfField("oop") == 4
        && VM.current().objectAlignment() == 8, "the layout the Javadoc assumes: " + VM.current().details());
    ClassLayout layout = ClassLayout.parseClass(shape);
    assertEquals(bytes, layout.instanceSize(), layout.toPrintable());
  }

  /**
   * A cache built with weakKeys keeps the ordinary shapes; each entry holds its key through a weak reference of
   * {@code KeyReferences}, whose size its Javadoc states: this is the whole per-entry cost of weak keys.
   */
  @Test
  void shouldKeepTheWeakKeyReferenceAtTheBytesItsJavadocStates() throws ClassNotFoundException {
    assumeTrue(VM.current().objectHeaderSize() == 12 && VM.current().sizeOfField("oop") == 4
        && VM.current().objectAlignment() == 8, "the layout the Javadoc assumes: " + VM.current().details());
    ClassLayout layout = ClassLayout.parseClass(Class.forName("io.github.clockpro.engine.KeyReferences$WeakKey"));
    assertEquals(32, layout.instanceSize(), layout.toPrintable());
  }
}
