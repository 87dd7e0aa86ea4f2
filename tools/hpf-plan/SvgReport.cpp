//===- hpf-plan/SvgReport.cpp - Gantt chart of a schedule -----------------===//
//
// The picture the papers draw: one row per source rank, one column per step
// whose width is the step's largest message, and in each cell a bar as long
// as the message the rank sends in that step, coloured by its destination.
// Idle time is the white space right of a bar.
//
//===----------------------------------------------------------------------===//

#include "Reports.h"

#include <algorithm>
#include <string>
#include <vector>

namespace hpf::tools {

using plan::Index;

namespace {
std::string escape(const std::string &S) {
  std::string Out;
  for (char C : S) {
    if (C == '<')
      Out += "&lt;";
    else if (C == '>')
      Out += "&gt;";
    else if (C == '&')
      Out += "&amp;";
    else
      Out += C;
  }
  return Out;
}
} // namespace

void printSvg(std::ostream &OS, const plan::Distribution &Src,
              const plan::Distribution &Dst, const plan::Plan &P) {
  const plan::CommTable &T = P.Table;
  const auto &Steps = P.Sched.Steps;
  constexpr int RowLimit = 256;
  const int Rows = std::min(T.P, RowLimit);
  const double Left = 70, Top = 60, RowH = 22, ChartW = 900;

  std::vector<Index> StepW(Steps.size(), 0);
  Index Total = 0;
  for (size_t S = 0; S < Steps.size(); ++S) {
    for (size_t Idx : Steps[S])
      StepW[S] = std::max(StepW[S], T.Messages[Idx].Size);
    Total += StepW[S];
  }
  const double Scale = Total ? ChartW / double(Total) : 1;
  const double Width = Left + ChartW + 20, Height = Top + Rows * RowH + 40;

  OS << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Width
     << "\" height=\"" << Height << "\" font-family=\"sans-serif\" "
     << "font-size=\"11\">\n";
  OS << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  OS << "<text x=\"" << Left << "\" y=\"20\" font-size=\"14\">"
     << escape(Src.format() + " on " + std::to_string(Src.procs()) + " -> " +
               Dst.format() + " on " + std::to_string(Dst.procs()) +
               ", n = " + std::to_string(T.N) + ": " + P.Used + ", " +
               std::to_string(Steps.size()) + " steps, cost " +
               std::to_string(P.Cost) + " (lower bound " +
               std::to_string(P.Bounds.Volume) + ")")
     << "</text>\n";

  // Step columns, with large-step groups shaded alternately.
  auto Groups = P.Sched.effectiveGroups();
  std::vector<size_t> GroupOf(Steps.size(), 0);
  for (size_t G = 0; G < Groups.size(); ++G)
    for (size_t S : Groups[G])
      GroupOf[S] = G;
  double X = Left;
  for (size_t S = 0; S < Steps.size(); ++S) {
    double W = double(StepW[S]) * Scale;
    OS << "<rect x=\"" << X << "\" y=\"" << Top - 14 << "\" width=\"" << W
       << "\" height=\"" << Rows * RowH + 14 << "\" fill=\""
       << (GroupOf[S] % 2 ? "#f2f2f2" : "#fafafa")
       << "\" stroke=\"#999\" stroke-width=\"0.5\"/>\n";
    OS << "<text x=\"" << X + 2 << "\" y=\"" << Top - 3 << "\">s" << S + 1
       << " (" << StepW[S] << ")</text>\n";
    for (size_t Idx : Steps[S]) {
      const plan::Message &M = T.Messages[Idx];
      if (M.Src >= Rows)
        continue;
      double Y = Top + M.Src * RowH + 3;
      double BW = double(M.Size) * Scale;
      int Hue = T.Q ? int(360.0 * M.Dst / T.Q) : 0;
      OS << "<rect x=\"" << X << "\" y=\"" << Y << "\" width=\"" << BW
         << "\" height=\"" << RowH - 6 << "\" fill=\"hsl(" << Hue
         << ",60%,65%)\" stroke=\"#333\" stroke-width=\"0.5\"><title>P" << M.Src
         << " -> Q" << M.Dst << ": " << M.Size << " elements</title></rect>\n";
      if (BW > 24)
        OS << "<text x=\"" << X + 3 << "\" y=\"" << Y + RowH - 10 << "\">Q"
           << M.Dst << ":" << M.Size << "</text>\n";
    }
    X += W;
  }
  for (int R = 0; R < Rows; ++R)
    OS << "<text x=\"8\" y=\"" << Top + R * RowH + RowH - 7 << "\">P" << R
       << "</text>\n";
  if (Rows < T.P)
    OS << "<text x=\"8\" y=\"" << Top + Rows * RowH + 20 << "\">... "
       << T.P - Rows << " more ranks not drawn</text>\n";
  OS << "</svg>\n";
}

} // namespace hpf::tools
