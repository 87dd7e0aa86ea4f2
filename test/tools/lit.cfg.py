# lit configuration of the command-line tool tests.
import os
import lit.formats

config.name = "hpfcc-tools"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PATH"] = os.pathsep.join(
    [config.hpf_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%hpf-plan", os.path.join(config.hpf_bin_dir, "hpf-plan")))
import sys
config.substitutions.append(
    ("%expect-exit", f"{sys.executable} {os.path.join(os.path.dirname(__file__), 'expect-exit.py')}"))
