//===- hpf-plan/ListCommand.cpp - hpf-plan list ---------------------------===//

#include "Commands.h"

#include "plan/Scheduler.h"

#include <iomanip>
#include <iostream>

namespace hpf::tools {

void addListCommand(CLI::App &App) {
  CLI::App *Sub = App.add_subcommand("list", "list the schedulers");
  Sub->callback([] {
    for (const plan::Scheduler *S : plan::allSchedulers())
      std::cout << std::left << std::setw(14) << S->name() << S->description()
                << "\n";
  });
}

} // namespace hpf::tools
