package io.github.clockpro.adversarial;

/** Receives the operation that a {@link Phase} produces for one index. */
@FunctionalInterface
interface OperationSink {

  void accept(OperationKind kind, long key);
}
