package io.github.clockpro.spring.redis;

import java.io.ObjectInputStream;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A class the cache does not allow, standing for a deserialization gadget: it counts every instance made, by
 * Java deserialization or by Jackson.
 */
public class Gadget implements Serializable {

  private static final long serialVersionUID = 1L;

  /** Instances made since the class loaded; the tests expect none from Redis's content. */
  static final AtomicInteger INSTANCES = new AtomicInteger();

  private String command = "";

  public Gadget() {
    INSTANCES.incrementAndGet();
  }

  public String getCommand() {
    return command;
  }

  public void setCommand(String command) {
    this.command = command;
  }

  private void readObject(ObjectInputStream input) throws java.io.IOException, ClassNotFoundException {
    INSTANCES.incrementAndGet();
    input.defaultReadObject();
  }
}
