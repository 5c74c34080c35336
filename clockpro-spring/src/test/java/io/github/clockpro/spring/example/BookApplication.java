package io.github.clockpro.spring.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.cache.annotation.EnableCaching;

// The first half of the README's Spring example, line for line between the markers (BookService is the second);
// ReadmeExampleTest runs it and checks the README.
// readme:begin
@SpringBootApplication
@EnableCaching
public class BookApplication {
  public static void main(String[] args) {
    SpringApplication.run(BookApplication.class, args);
  }
}
// readme:end
