package io.github.clockpro.examples;

import java.util.Arrays;

/**
 * The entry point of the examples jar: dispatches to a showcase.
 *
 * <pre>
 * java -jar examples/target/clockpro-examples.jar showcase|redis-showcase [options]
 * </pre>
 * Bad arguments end the program with status 2 and a message naming the argument.
 */
public final class Main {

  private static final String USAGE = String.join(System.lineSeparator(),
      "usage: java -jar clockpro-examples.jar COMMAND [options]",
      "  " + ShowcaseCommand.USAGE,
      "  " + RedisShowcaseCommand.USAGE);

  private Main() {}

  /**
   * Runs a showcase.
   *
   * @param arguments the showcase and its options
   * @throws Exception as thrown by the showcase
   */
  public static void main(String[] arguments) throws Exception {
    if (arguments.length == 0) {
      System.err.println(USAGE);
      System.exit(2);
    }
    String[] rest = Arrays.copyOfRange(arguments, 1, arguments.length);
    try {
      switch (arguments[0]) {
        case "showcase" -> ShowcaseCommand.run(rest);
        case "redis-showcase" -> RedisShowcaseCommand.run(rest);
        case "-h", "--help", "help" -> System.out.println(USAGE);
        default -> throw new IllegalArgumentException("unknown command '" + arguments[0] + "'");
      }
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(2);
    }
  }
}
